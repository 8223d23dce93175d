// Secrets on the wire (shared/api/clusters/secrets.ts): never the sealed value; the plain
// value only when the route was asked for it and the caller may see it.
import type { Secret } from '../../../../../shared/api/clusters/secrets';
import type { Caller, Directory } from '../../../core/area';
import { iso, isoOrNull } from '../envelope';
import type { StoredSecret } from '../state';

const DAY = 86_400_000;

function nextRotation(s: StoredSecret): number | null {
  return s.rotation.enabled ? s.rotation.last_rotated_at + s.rotation.interval_days * DAY : null;
}

export function secretView(s: StoredSecret, now: number, value?: string): Secret {
  const view: Secret = {
    name: s.name,
    description: s.description,
    type: s.type,
    category: s.category,
    environment_variable: s.environment_variable,
    file_path: s.file_path,
    encrypted: true,
    expiration_date: isoOrNull(s.expiration_date),
    expired: s.expiration_date !== null && s.expiration_date <= now,
    rotation_policy: {
      enabled: s.rotation.enabled,
      rotation_interval_days: s.rotation.interval_days,
      next_rotation: isoOrNull(nextRotation(s)),
      notification_days_before: s.rotation.notification_days_before,
    },
    permissions: { ...s.permissions, allowed_users: [...s.permissions.allowed_users], allowed_roles: [...s.permissions.allowed_roles] },
    usage_statistics: { last_accessed: isoOrNull(s.last_accessed), access_count: s.access_count },
    tags: [...s.tags],
    created_at: iso(s.created_at),
    updated_at: iso(s.updated_at),
  };
  if (value !== undefined) view.value = value;
  return view;
}

/**
 * The elevated permission for secret values (docs/decisions.md, Clusters): the emulator's
 * owner key; a key holding `manage_security`; or a key with `write` whose user (createdBy)
 * is an active owner or admin. A read-only key never sees values, whoever made it: a key
 * acts with no more than its own permissions (01-accounts.md, Authentication 8).
 */
export function elevation(directory: Directory, key: Caller): { elevated: boolean; role: string | null } {
  const member = directory.members().find((m) => m.id === key.createdBy && m.status === 'active');
  const role = key.owner ? 'owner' : (member?.role ?? null);
  if (key.owner || key.permissions.includes('manage_security')) return { elevated: true, role };
  const elevated = key.permissions.includes('write') && (role === 'owner' || role === 'admin');
  return { elevated, role };
}
