// Custom roles, grants and shares as the API answers them: timestamps in ISO form, and the
// expired state derived from the simulated clock when read (never stored).
import type { Grant, GrantStatus } from '../../../../../shared/api/accounts/grants';
import type { Role } from '../../../../../shared/api/accounts/permissions';
import type { Share } from '../../../../../shared/api/accounts/shares';
import type { StoredGrant, StoredRole, StoredShare } from '../stored-schema';
import type { RoleDef } from './roles';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

export function roleView(r: StoredRole): Role {
  return {
    id: r.id,
    name: r.name,
    displayName: r.displayName,
    ...(r.description === null ? {} : { description: r.description }),
    permissions: r.permissions as Role['permissions'],
    scopes: r.scopes as Role['scopes'],
    limitations: r.limitations,
    inherits: r.inherits,
    assignable: r.assignable,
    createdAt: iso(r.createdAt),
  };
}

/** A stored custom role as the decision reads roles. */
export const roleDefOf = (r: StoredRole): RoleDef => ({ ...r, description: r.description ?? undefined });

/** `expired`: active but past its end on the simulated clock. */
export function stateAt(x: { status: 'active' | 'revoked'; expiresAt: number | null }, now: number): GrantStatus {
  if (x.status === 'revoked') return 'revoked';
  return x.expiresAt !== null && x.expiresAt <= now ? 'expired' : 'active';
}

export function grantView(g: StoredGrant, now: number): Grant {
  return {
    id: g.id,
    userId: g.userId,
    permissions: g.permissions as Grant['permissions'],
    scopes: g.scopes as Grant['scopes'],
    resources: g.resources,
    expiresAt: isoOrNull(g.expiresAt),
    reason: g.reason,
    grantedBy: g.grantedBy,
    grantedAt: iso(g.grantedAt),
    status: stateAt(g, now),
    revokedBy: g.revokedBy,
    revokedAt: isoOrNull(g.revokedAt),
  };
}

export function shareView(s: StoredShare, now: number): Share {
  return {
    id: s.id,
    resourceId: s.resourceId,
    userId: s.userId,
    permissions: s.permissions as Share['permissions'],
    sharedBy: s.sharedBy,
    sharedAt: iso(s.sharedAt),
    expiresAt: isoOrNull(s.expiresAt),
    message: s.message,
    status: stateAt(s, now),
    revokedBy: s.revokedBy,
    revokedAt: isoOrNull(s.revokedAt),
  };
}
