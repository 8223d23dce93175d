// The permission audit log route (01-accounts.md, Endpoints: GET /v2/accounts/permissions/audit)
// and the what-if replay of a role edit (an emulator extension, docs/decisions.md, Permissions and
// roles: Audit log and what-if).
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import type { AuditResponse, WhatIfResponse } from '../../../../../shared/api/accounts/audit';
import { defineRoute } from '../../../core/route-def';
import { accountsOf } from '../state';
import { auditPage } from './query';
import { auditRetentionDays, pruneAudit, retainedFrom } from './retention';
import { whatIf } from './what-if';

export const auditRoutes = [
  defineRoute(ops['permissions.audit'], (ctx, { query, now }): AuditResponse => {
    const accounts = accountsOf(ctx.store);
    // Dropping what the retention no longer keeps is memory upkeep, not a change of record (retention.ts).
    pruneAudit(accounts, now);
    return auditPage(accounts.audit, accounts.members, query, now, retainedFrom(accounts, now), auditRetentionDays(accounts));
  }),
  defineRoute(ops['permissions.roles.whatIf'], (ctx, { body, now }): WhatIfResponse => whatIf(accountsOf(ctx.store), body, now)),
];
