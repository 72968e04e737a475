import type { UserListItem } from '@app/contracts';
import type { Reader } from '../platform/db/read-replicas';
import { listExportJob } from '../platform/jobs/list-export';
import { type SheetReader, sheetFormat } from '../platform/xlsx/format';
import { countMembers, memberListWhere, membersBefore } from './members.queries';
import type { Viewer } from './viewer';

const STATUS = { 1: 'members.ui.enabled', 2: 'members.ui.disabled' } as const;

/** The columns of the member list (administrators: every field), in the reader's language and time zone. */
function memberColumns(reader: SheetReader) {
  const f = sheetFormat(reader);
  return [
    f.text('members.ui.userNo', (u: UserListItem) => u.user_no),
    f.text('members.ui.name', (u: UserListItem) => u.name, 22),
    f.text('members.ui.displayName', (u: UserListItem) => u.display_name, 22),
    f.text('members.ui.email', (u: UserListItem) => u.email, 28),
    f.text('members.ui.phone', (u: UserListItem) => u.phone),
    f.text('members.ui.platformId', (u: UserListItem) => u.platform_id),
    f.text('members.ui.level', (u: UserListItem) => u.level?.name),
    f.label('members.ui.status', (u: UserListItem) => STATUS[u.status]),
    f.text('members.ui.downline', (u: UserListItem) => u.downline_count, 10),
    f.money('members.ui.balance', (u: UserListItem) => u.balance),
    f.money('members.ui.frozen', (u: UserListItem) => u.frozen_balance),
    f.text(
      'members.ui.upline',
      (u: UserListItem) => u.parent_user && `${u.parent_user.name} (${u.parent_user.user_no})`,
      28,
    ),
    f.time('members.ui.createdAt', (u: UserListItem) => u.created_at),
  ];
}

type Query = Parameters<typeof memberListWhere>[1];

/** `GET /api/users/list?export=1` (administrators): the members the list's filters select, newest first, as a job. */
export function memberExportJob(reads: Reader, viewer: Viewer, q: Query, reader: SheetReader) {
  const { where } = memberListWhere(viewer, q);
  return listExportJob({
    kind: 'members.export',
    viewer,
    query: q,
    fileName: 'members.xlsx',
    columns: memberColumns(reader),
    reads,
    count: (db) => countMembers(db, viewer, q),
    before: (db, beforeId, limit) => membersBefore(db, viewer, where, beforeId, limit, reader.locale),
  });
}
