// The access model enforced on every route (issue 19): a key's request is allowed only when the
// key allows it and the member who created the key does (decide.ts). This runs on every request,
// so what decides is compiled once per member — their record, their grants and shares, and per
// operation whether their role (with the roles it inherits) alone allows it — and dropped only
// when the records it was compiled from change (members, roles, grants, shares, or the whole
// state). docs/decisions.md, Permissions and roles (issue 19): Enforcement.
import type { Operation } from '../../../../../shared/api/operation';
import type { Caller } from '../../../core/area';
import { authorize } from '../../../core/auth';
import { insufficientPermissions, unauthorized, type ApiError } from '../../../core/errors';
import type { Accounts } from '../state';
import { AREA } from '../state';
import { accountRecord } from '../records';
import type { StoredGrant, StoredMember, StoredShare } from '../stored-schema';
import { decide, type AccessWorld } from './decide';
import { requiredAccess, resourceIdsOf } from '../../../../../shared/api/accounts/permissions';
import { holds, inheritedRoles, roleLookup, type RoleLookup } from './roles';

/** The records a compiled member is derived from (records.ts). */
const SOURCES: ReadonlySet<string> = new Set([accountRecord.members, accountRecord.roles, accountRecord.grants, accountRecord.shares]);

/** What decides a member's requests, compiled once. */
interface CompiledMember {
  member: StoredMember;
  /** Operation → whether the member's role, or a role it inherits, holds what the operation needs. */
  byRole: Map<Operation, boolean>;
  /** The member's grants and shares, for decide() when the role does not decide. */
  world: AccessWorld;
}

/** The member permission an operation needs: its own (e.g. manage_team), else its access class. */
/**
 * Operations any active member may call on their own, whatever their role: the permission
 * schema (reference data) and their own effective permissions (the console's "what may I do").
 */
function selfService(op: Operation, member: StoredMember, params: unknown): boolean {
  if (op.id === 'permissions.schema') return true;
  return op.id === 'permissions.effective' && (params as { user_id?: unknown } | undefined)?.user_id === member.id;
}

export class MemberAccess {
  private readonly compiled = new Map<string, CompiledMember>();
  private lookup: RoleLookup | null = null;

  constructor(private readonly accountsNow: () => Accounts) {}

  /** A state change: drops what was compiled from the records that changed (all of it on a whole-state change). */
  invalidate(area?: string, id?: string): void {
    if (area !== undefined && (area !== AREA || id === undefined || !SOURCES.has(id))) return;
    this.compiled.clear();
    this.lookup = null;
  }

  /**
   * How many members are compiled now.
   * @internal Exported for its tests only.
   */
  size(): number {
    return this.compiled.size;
  }

  /**
   * Whether the caller may call `op`: null, or the refusal. In order: the member's status
   * (removed → 401, suspended or pending → 403), the key's own permissions and scopes
   * (core/auth.ts), then the member's role, inherited roles, grants and shares.
   */
  admit(caller: Caller, op: Operation, params: unknown, now: number): ApiError | null {
    if (caller.owner) return authorize(op, caller);
    const c = this.compiledFor(caller.createdBy);
    if (c === null) return unauthorized('The member this key belongs to was removed from the team');
    const m = c.member;
    if (m.status !== 'active') {
      if (m.status === 'removed') return unauthorized('The member this key belongs to was removed from the team');
      const reason = `The member this key belongs to is ${m.status}: their keys work again once they are active`;
      return insufficientPermissions({ userId: m.id, status: m.status, currentRole: m.role, reason }, reason);
    }
    const keyDenied = authorize(op, caller);
    if (keyDenied !== null) return keyDenied;
    const { permission, scope } = requiredAccess(op);
    if (scope === null) return null;
    let byRole = c.byRole.get(op);
    if (byRole === undefined) {
      byRole = this.roleHolds(m.role, permission, scope);
      c.byRole.set(op, byRole);
    }
    if (byRole) return null;
    if (selfService(op, m, params)) return null;
    const d = decide(c.world, m, { permission, scope, resourceIds: resourceIdsOf(params) }, now, false);
    if (d.allowed) return null;
    return insufficientPermissions(
      {
        // Who was refused: the console's "Why?" explains the check for this member.
        userId: m.id,
        requiredPermission: permission,
        requiredScope: scope,
        ...(permission === 'manage_team' ? { requiredRole: 'admin' } : {}),
        currentRole: m.role,
        reason: d.reason,
      },
      `The ${m.role} role of the member this key belongs to does not allow ${permission} on ${scope}`,
    );
  }

  private roleLookup(): RoleLookup {
    return (this.lookup ??= roleLookup(this.accountsNow().roles));
  }

  /** Whether the role or one it inherits holds the permission on the scope (decide's first steps, without the chain). */
  private roleHolds(roleName: string, permission: string, scope: string): boolean {
    const lookup = this.roleLookup();
    const role = lookup(roleName);
    if (!role) return false;
    return holds(role, permission, scope) || inheritedRoles(role, lookup).some((i) => holds(i.role, permission, scope));
  }

  private compiledFor(memberId: string): CompiledMember | null {
    const hit = this.compiled.get(memberId);
    if (hit !== undefined) return hit;
    const accounts = this.accountsNow();
    const member = accounts.members.find((m) => m.id === memberId);
    if (member === undefined) return null;
    const grants: StoredGrant[] = accounts.grants.filter((g) => g.userId === memberId);
    const shares: StoredShare[] = accounts.shares.filter((s) => s.userId === memberId);
    const c: CompiledMember = {
      member,
      byRole: new Map(),
      world: { role: this.roleLookup(), grantsOf: () => grants, sharesOf: () => shares },
    };
    this.compiled.set(memberId, c);
    return c;
  }
}
