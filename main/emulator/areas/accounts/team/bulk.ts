// Bulk changes (01-accounts.md, Team: POST /v2/accounts/team/members/bulk): up to 100 members,
// each succeeding or failing on its own (the owner, the caller and unknown ids fail with their
// reason); the changed members are one write-ahead record, each change its own audit event.
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import type { BulkMembersResponse } from '../../../../../shared/api/accounts/team';
import { ApiError, invalidState, validationError } from '../../../core/errors';
import { defineRoute } from '../../../core/route-def';
import { accountRecord } from '../records';
import { accountsOf, AREA } from '../state';
import { assignableRole, changeField, changeRole, changeStatus, type Change } from './changes';
import { memberOr404, requireTeamManager } from './guard';

type Result = BulkMembersResponse['results'][number];

export const bulkRoute = defineRoute(ops['team.members.bulk'], (ctx, { body, key, now }): BulkMembersResponse => {
  const accounts = accountsOf(ctx.store);
  const actor = requireTeamManager(accounts, key, now);
  const data = body.data ?? {};
  // What the operation needs in `data`, and nothing else.
  const needs = body.operation === 'update_role' ? 'role' : body.operation === 'update_department' ? 'department' : null;
  for (const field of ['role', 'department'] as const) {
    if (field === needs && data[field] === undefined) throw validationError(`data.${field}`, `${body.operation} needs data.${field}`);
    if (field !== needs && data[field] !== undefined) throw validationError(`data.${field}`, `${body.operation} takes no data.${field}`);
  }
  const role = body.operation === 'update_role' ? assignableRole(accounts, data.role!, 'data.role') : null;
  const c: Change = { store: ctx.store, accounts, actor, keyId: key.id, now };
  const results: Result[] = [];
  // A member named twice is changed once.
  for (const userId of [...new Set(body.members)]) {
    try {
      const m = memberOr404(accounts, userId);
      if (m.id === actor.id) throw invalidState({ userId, reason: 'caller' }, 'A caller cannot change themselves in bulk');
      if (m.role === 'owner') throw invalidState({ userId, reason: 'owner' }, 'The owner cannot be changed in bulk');
      let updated: boolean;
      switch (body.operation) {
        case 'update_role':
          updated = changeRole(c, m, role!);
          break;
        case 'update_department':
          updated = changeField(c, m, 'department', data.department!);
          break;
        case 'suspend':
          updated = changeStatus(c, m, 'suspended');
          break;
        case 'reactivate':
          updated = changeStatus(c, m, 'active');
          break;
      }
      results.push({ userId, status: 'success', updated });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      results.push({ userId, status: 'failed', updated: false, error: { code: e.code, message: e.message } });
    }
  }
  if (results.some((r) => r.updated)) {
    ctx.store.touch(AREA, accountRecord.members);
    if (role) ctx.store.touch(AREA, accountRecord.invitations);
  }
  const successful = results.filter((r) => r.status === 'success').length;
  return { operation: body.operation, results, summary: { total: results.length, successful, failed: results.length - successful } };
});
