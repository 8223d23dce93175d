// Changing one member (PUT and bulk share these, so both refuse and audit alike): role, status
// and department. The owner's role and status never change, a pending member is neither
// suspended nor reactivated, and a caller does not change their own role or status
// (docs/decisions.md, Team): each refusal is a 409 INVALID_STATE naming the reason.
import { invalidState, validationError } from '../../../core/errors';
import type { Store } from '../../../state/store';
import { appendAudit } from '../audit/log';
import { roleLookup, type RoleDef } from '../permissions/roles';
import type { Accounts } from '../state';
import type { StoredMember } from '../stored-schema';

/** Who changes, through which key, when. */
export interface Change {
  store: Store;
  accounts: Accounts;
  actor: StoredMember;
  keyId: string;
  now: number;
}

/** A role a member may be given: one that exists and is assignable (never `owner`); else 400 VALIDATION_ERROR on `field`. */
export function assignableRole(accounts: Accounts, name: string, field = 'role'): RoleDef {
  const role = roleLookup(accounts.roles)(name);
  if (!role) throw validationError(field, `no role named ${JSON.stringify(name.slice(0, 100))}`);
  if (!role.assignable) throw validationError(field, `the ${role.name} role cannot be assigned`);
  return role;
}

function refuse(m: StoredMember, reason: string): never {
  throw invalidState({ userId: m.id, role: m.role, status: m.status, reason }, reason);
}

/** The owner's role and status, and the caller's own, stay as they are. */
export function assertChangeable(c: Change, m: StoredMember, what: 'role' | 'status' | 'permissions'): void {
  if (m.role === 'owner') refuse(m, `The owner's ${what} cannot change`);
  if (m.id === c.actor.id) refuse(m, `A caller cannot change their own ${what}`);
}

function audit(c: Change, m: StoredMember, action: string, details: Record<string, unknown>): void {
  appendAudit(c.store, {
    at: c.now,
    type: 'role_assignment',
    action,
    actorId: c.actor.id,
    keyId: c.keyId,
    targetUserId: m.id,
    details,
  });
}

/** Gives `m` the role; true when it changed. A pending member's invitation changes with it. */
export function changeRole(c: Change, m: StoredMember, role: RoleDef): boolean {
  assertChangeable(c, m, 'role');
  if (m.role === role.name) return false;
  const from = m.role;
  m.role = role.name;
  for (const inv of c.accounts.invitations) if (inv.userId === m.id && inv.status !== 'cancelled') inv.role = role.name;
  audit(c, m, 'role_updated', { from, to: role.name });
  return true;
}

/** Suspends or reactivates `m`; true when it changed. */
export function changeStatus(c: Change, m: StoredMember, status: 'active' | 'suspended'): boolean {
  assertChangeable(c, m, 'status');
  if (m.status === 'pending') refuse(m, 'A pending member can be neither suspended nor reactivated: resend or cancel the invitation');
  if (m.status === status) return false;
  const from = m.status;
  m.status = status;
  audit(c, m, status === 'suspended' ? 'member_suspended' : 'member_reactivated', { from, to: status });
  return true;
}

/** Sets a department or title ('' clears it); true when it changed. */
export function changeField(c: Change, m: StoredMember, field: 'department' | 'title', value: string): boolean {
  const next = value === '' ? null : value;
  if (m[field] === next) return false;
  const from = m[field];
  m[field] = next;
  audit(c, m, `${field}_updated`, { from, to: next });
  return true;
}
