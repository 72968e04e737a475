import { cpListQuery, type WecAssessmentDto, wecListQuery } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memberKeys } from '../members/members.api';
import type { FiltersOf } from '../platform/filters/url-filters';
import { ApiError, download, http } from '../platform/http';
import { queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';

/** The programmes endpoints (docs/product/programmes.md): WEP/M2B assessments, qualified CPs, key numbers. */
export const PROGRAMMES = {
  wepList: '/api/members/list',
  m2bList: '/api/members/completeWec/list',
  assessment: (userId: number) => `/api/members/wec/${userId}`,
  join: '/api/members/add',
  enrol: (userId: number) => `/api/members/addWecAssessment/${userId}`,
  complete: '/api/members/addWepComplete',
  removeWep: '/api/members/removeWep',
  cpList: '/api/members/cp/list',
  cpBonuses: (userId: number) => `/api/members/bounsByGimCpId/${userId}`,
  addCp: '/api/members/addGimCpComplete',
  removeCp: '/api/members/removeGimCp',
  keyNumbers: '/api/rk/list',
  keyNumber: '/api/rk',
  keyNumberItem: (id: number) => `/api/rk/${id}`,
} as const;

export const programmeKeys = {
  all: queryRoots.programmes,
  assessments: () => [...programmeKeys.all, 'assessments'] as const,
  list: (completedOnly: boolean) => [...programmeKeys.assessments(), completedOnly ? 'm2b' : 'wep'] as const,
  assessment: (userId: number) => [...programmeKeys.assessments(), 'one', userId] as const,
  cps: () => [...programmeKeys.all, 'cp'] as const,
  cpBonuses: (userId: number) => [...programmeKeys.cps(), 'bonuses', userId] as const,
  keyNumbers: () => [...programmeKeys.all, 'keyNumbers'] as const,
};

export const wecFilters = wecListQuery.pick({ keyword: true, status: true });
export type WecFilters = FiltersOf<typeof wecFilters>;
export const cpFilters = cpListQuery.pick({ keyword: true });
export type CpFilters = FiltersOf<typeof cpFilters>;

export const assessmentList = (completedOnly: boolean): ListEndpoint => ({
  key: programmeKeys.list(completedOnly),
  url: completedOnly ? PROGRAMMES.m2bList : PROGRAMMES.wepList,
});
export const cpList: ListEndpoint = { key: programmeKeys.cps(), url: PROGRAMMES.cpList };
export const cpBonusesList = (userId: number): ListEndpoint => ({
  key: programmeKeys.cpBonuses(userId),
  url: PROGRAMMES.cpBonuses(userId),
});
export const keyNumbersList: ListEndpoint = { key: programmeKeys.keyNumbers(), url: PROGRAMMES.keyNumbers };

export const exportAssessments = (completedOnly: boolean, filters: WecFilters) =>
  download(
    completedOnly ? PROGRAMMES.m2bList : PROGRAMMES.wepList,
    { ...filters, export: true },
    completedOnly ? 'm2b.xlsx' : 'wep.xlsx',
    'GET',
  );
export const exportCps = (filters: CpFilters) =>
  download(PROGRAMMES.cpList, { ...filters, export: true }, 'qualified-cp.xlsx', 'GET');

/** A member's assessment; null when the member has none (404). */
export const useAssessment = (userId: number) =>
  useQuery({
    queryKey: programmeKeys.assessment(userId),
    queryFn: () =>
      http.get<WecAssessmentDto>(PROGRAMMES.assessment(userId)).catch((e: unknown) => {
        if (e instanceof ApiError && e.code === 404) return null;
        throw e;
      }),
    retry: false,
  });

/** A programmes write; assessments, CPs and the member detail's CP figures refresh. */
function useProgrammeWrite<V>(call: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: programmeKeys.all }),
        client.invalidateQueries({ queryKey: memberKeys.all }),
      ]),
  });
}

export const useJoinAssessment = () => useProgrammeWrite(() => http.post(PROGRAMMES.join, {}));
export const useStartAssessment = () =>
  useProgrammeWrite((userId: number) => http.post(PROGRAMMES.assessment(userId)));
export const useEnrol = () => useProgrammeWrite((userId: number) => http.post(PROGRAMMES.enrol(userId)));
export const useCompleteWep = () => useProgrammeWrite((id: number) => http.post(PROGRAMMES.complete, { id }));
export const useRemoveWep = () =>
  useProgrammeWrite((id: number) => http.delete(PROGRAMMES.removeWep, { id }));
export const useAddCp = () => useProgrammeWrite((id: number) => http.post(PROGRAMMES.addCp, { id }));
export const useRemoveCp = () => useProgrammeWrite((id: number) => http.delete(PROGRAMMES.removeCp, { id }));

/** Adds (id null) or edits a key number category. */
export const useSaveKeyNumber = () =>
  useProgrammeWrite(({ id, values }: { id: number | null; values: object }) =>
    id ? http.put(PROGRAMMES.keyNumberItem(id), values) : http.post(PROGRAMMES.keyNumber, values),
  );
export const useDeleteKeyNumber = () =>
  useProgrammeWrite((id: number) => http.delete(PROGRAMMES.keyNumberItem(id)));
