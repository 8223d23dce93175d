// The what-if of a role edit (an emulator extension, docs/decisions.md, Permissions and roles:
// Audit log and what-if): the last period's successful calls of every member holding the role
// (directly or through a role that inherits it) are decided again with the draft in place of the
// role, by the one access decision (decide.ts), and those it would now refuse are listed.
import type { WhatIfRequest, WhatIfResponse } from '../../../../../shared/api/accounts/audit';
import { validationError } from '../../../core/errors';
import { accessWorldOf, decide, type AccessWorld } from '../permissions/decide';
import { requiredAccess } from '../../../../../shared/api/accounts/permissions';
import { inheritedRoles, roleLookup, type RoleDef, type RoleLookup } from '../permissions/roles';
import type { Accounts } from '../state';
import type { StoredMember } from '../stored-schema';
import { operationOf } from './operation-of';

const DAY_MS = 86_400_000;
const PERIOD_DAYS = { '1d': 1, '7d': 7, '30d': 30 } as const;

const NOTE =
  'Calls are counted per key, route and day, without the resources they named: each is decided as if it named none, ' +
  'so a grant or share limited to some resources does not count, and lastAt is the start of the last day with such a call.';

type Refused = WhatIfResponse['wouldBeRefused'][number];

/** Whether a member of role `name` holds `edited` (it, or a role inheriting it). */
function holdsRole(name: string, edited: string, lookup: RoleLookup): boolean {
  if (name === edited) return true;
  const role = lookup(name);
  return role !== undefined && inheritedRoles(role, lookup).some((i) => i.role.name === edited);
}

/** The route's decision before and after the edit, for one member: null when the edit changes nothing for it. */
function refusalOf(before: AccessWorld, after: AccessWorld, m: StoredMember, label: string, now: number) {
  const op = operationOf(label);
  if (!op) return null; // outside the operation table (admin routes): keys alone decide
  const { permission, scope } = requiredAccess(op);
  if (scope === null) return null; // any active member passes
  const q = { permission, scope, resourceIds: [] };
  // Only what the edit refuses: a call the role does not allow today either is not the edit's doing.
  if (!decide(before, m, q, now, false).allowed) return null;
  const d = decide(after, m, q, now, false);
  return d.allowed ? null : { missing: `${q.permission} on ${scope}`, reason: d.reason };
}

export function whatIf(accounts: Accounts, body: WhatIfRequest, now: number): WhatIfResponse {
  const current = roleLookup(accounts.roles);
  const edited = current(body.role);
  if (!edited) throw validationError('role', `no built-in or custom role is named ${JSON.stringify(body.role)}`);
  const draft: RoleDef = { ...edited, permissions: body.permissions, scopes: body.scopes, inherits: body.inherits ?? edited.inherits };
  const draftLookup: RoleLookup = (name) => (name === edited.name ? draft : current(name));
  const before = accessWorldOf(accounts, current);
  const after = accessWorldOf(accounts, draftLookup);

  const holders = new Map<string, StoredMember>();
  for (const m of accounts.members) if (m.status === 'active' && holdsRole(m.role, edited.name, current)) holders.set(m.id, m);

  const fromDay = Math.floor((now - PERIOD_DAYS[body.period] * DAY_MS) / DAY_MS) * DAY_MS;
  const decisions = new Map<string, ReturnType<typeof refusalOf>>();
  const refused = new Map<string, Refused>();
  let callsReplayed = 0;
  for (const key of accounts.keys.values()) {
    const m = holders.get(key.createdBy);
    const log = m && accounts.usage.get(key.id);
    if (!m || !log) continue;
    for (const [day, counts] of log.days) {
      if (day < fromDay || day > now) continue;
      const failed = log.failed.get(day);
      for (const [label, n] of counts) {
        const ok = n - (failed?.get(label) ?? 0);
        if (ok <= 0) continue;
        callsReplayed += ok;
        const decisionKey = `${m.id} ${label}`;
        let r = decisions.get(decisionKey);
        if (r === undefined) decisions.set(decisionKey, (r = refusalOf(before, after, m, label, now)));
        if (r === null) continue;
        const rowKey = `${key.id} ${label}`;
        const row = refused.get(rowKey);
        const at = new Date(day).toISOString();
        if (row) {
          row.count += ok;
          if (at > row.lastAt) row.lastAt = at;
          continue;
        }
        const space = label.indexOf(' ');
        refused.set(rowKey, {
          userId: m.id,
          name: m.name,
          keyId: key.id,
          method: label.slice(0, space),
          route: label.slice(space + 1),
          count: ok,
          lastAt: at,
          ...r,
        });
      }
    }
  }
  const rows = [...refused.values()].sort(
    (a, b) => b.count - a.count || a.userId.localeCompare(b.userId) || a.route.localeCompare(b.route) || a.method.localeCompare(b.method),
  );
  return {
    role: edited.name,
    period: body.period,
    members: holders.size,
    callsReplayed,
    wouldBeRefused: rows,
    summary: {
      callsRefused: rows.reduce((n, r) => n + r.count, 0),
      routes: new Set(rows.map((r) => `${r.method} ${r.route}`)).size,
      membersAffected: new Set(rows.map((r) => r.userId)).size,
      keysAffected: new Set(rows.map((r) => r.keyId)).size,
    },
    note: NOTE,
  };
}
