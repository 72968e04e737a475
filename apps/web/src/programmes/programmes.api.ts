import {
  cpListQuery,
  type MemberProgress,
  programmeEndpoints,
  type WecAssessmentDto,
  wecListQuery,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { memberKeys } from '../members/members.api';
import type { FiltersOf } from '../platform/filters/url-filters';
import { ApiError, download, request } from '../platform/http';
import { queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';
import { to, useWrite, type WriteCall } from '../platform/write';

export const programmeKeys = {
  all: queryRoots.programmes,
  assessments: () => [...programmeKeys.all, 'assessments'] as const,
  list: (completedOnly: boolean) => [...programmeKeys.assessments(), completedOnly ? 'm2b' : 'wep'] as const,
  assessment: (userId: number) => [...programmeKeys.assessments(), 'one', userId] as const,
  cps: () => [...programmeKeys.all, 'cp'] as const,
  cpBonuses: (userId: number) => [...programmeKeys.cps(), 'bonuses', userId] as const,
  keyNumbers: () => [...programmeKeys.all, 'keyNumbers'] as const,
  progress: () => [...programmeKeys.all, 'progress'] as const,
};

/** The signed-in member's progress to the next level, bonus and WEC step (docs/product/programmes.md, "Progress"). */
export const useMyProgress = () =>
  useQuery({
    queryKey: programmeKeys.progress(),
    queryFn: () => request<MemberProgress>(programmeEndpoints.progress),
  });

export const wecFilters = wecListQuery.pick({ keyword: true, status: true });
export type WecFilters = FiltersOf<typeof wecFilters>;
export const cpFilters = cpListQuery.pick({ keyword: true });
export type CpFilters = FiltersOf<typeof cpFilters>;

/** The members in the assessment (WEP), or those who completed it (M2B). */
const assessmentEndpoint = (completedOnly: boolean) =>
  completedOnly ? programmeEndpoints.wecCompleted : programmeEndpoints.wecList;

export const assessmentList = (completedOnly: boolean): ListEndpoint => ({
  key: programmeKeys.list(completedOnly),
  endpoint: assessmentEndpoint(completedOnly),
});
export const cpList: ListEndpoint = { key: programmeKeys.cps(), endpoint: programmeEndpoints.cpList };
export const cpBonusesList = (userId: number): ListEndpoint => ({
  key: programmeKeys.cpBonuses(userId),
  endpoint: programmeEndpoints.bonusByCp,
  params: { id: userId },
});
export const keyNumbersList: ListEndpoint = {
  key: programmeKeys.keyNumbers(),
  endpoint: programmeEndpoints.keyNumbers,
};

export const exportAssessments = (completedOnly: boolean, filters: WecFilters) =>
  download(assessmentEndpoint(completedOnly), completedOnly ? 'm2b.xlsx' : 'wep.xlsx', {
    query: { ...filters, export: true },
  });
export const exportCps = (filters: CpFilters) =>
  download(programmeEndpoints.cpList, 'qualified-cp.xlsx', { query: { ...filters, export: true } });

/** A member's assessment; null when the member has none (404). */
export const useAssessment = (userId: number) =>
  useQuery({
    queryKey: programmeKeys.assessment(userId),
    queryFn: () =>
      request<WecAssessmentDto>(programmeEndpoints.wec, { params: { id: userId } }).catch((e: unknown) => {
        if (e instanceof ApiError && e.code === 404) return null;
        throw e;
      }),
    retry: false,
  });

/** A programmes write; assessments, CPs and the member detail's CP figures refresh. */
const useProgrammeWrite = <V>(send: (vars: V) => WriteCall) =>
  useWrite({ send, invalidates: [programmeKeys.all, memberKeys.all] });

export const useJoinAssessment = () =>
  useProgrammeWrite(() => to(programmeEndpoints.addMember, { body: {} }));
export const useStartAssessment = () =>
  useProgrammeWrite((userId: number) => to(programmeEndpoints.updateWec, { params: { id: userId } }));
export const useEnrol = () =>
  useProgrammeWrite((userId: number) => to(programmeEndpoints.addWecAssessment, { params: { id: userId } }));
export const useCompleteWep = () =>
  useProgrammeWrite((id: number) => to(programmeEndpoints.addWepComplete, { body: { id } }));
export const useRemoveWep = () =>
  useProgrammeWrite((id: number) => to(programmeEndpoints.removeWep, { query: { id } }));
export const useAddCp = () =>
  useProgrammeWrite((id: number) => to(programmeEndpoints.addCpComplete, { body: { id } }));
export const useRemoveCp = () =>
  useProgrammeWrite((id: number) => to(programmeEndpoints.removeCp, { query: { id } }));

/** Adds (id null) or edits a key number category. */
export const useSaveKeyNumber = () =>
  useProgrammeWrite(({ id, values }: { id: number | null; values: object }) =>
    id
      ? to(programmeEndpoints.updateKeyNumber, { params: { id }, body: values })
      : to(programmeEndpoints.createKeyNumber, { body: values }),
  );
export const useDeleteKeyNumber = () =>
  useProgrammeWrite((id: number) => to(programmeEndpoints.removeKeyNumber, { params: { id } }));
