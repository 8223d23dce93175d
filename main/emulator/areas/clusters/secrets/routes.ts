// Secrets of a cluster (02-clusters.md, Secrets): names unique per cluster, values sealed at
// rest and returned only with include_value(s)=true and the elevated permission; reading a
// value counts in usage_statistics; a new value rotates the secret.
import { clustersOperations as ops } from '../../../../../shared/api/clusters/operations';
import type { CreateSecretParsed } from '../../../../../shared/api/clusters/secrets';
import type { Caller } from '../../../core/area';
import { defineRoute } from '../../../core/route-def';
import type { EmulatorContext } from '../../../core/context';
import { iso, ok, stripUndefined } from '../envelope';
import { expiryInPast, secretExists, secretUnreadable, valueNotPermitted } from '../errors';
import { clusterOr404, secretOr404 } from '../lookup';
import { SecretCipherError } from '../../../core/secret-cipher';
import { elevation, secretView } from './view';
import { clusterRecord } from '../records';
import { AREA, type StoredCluster, type StoredSecret } from '../state';

export const secretAad = (clusterId: string, name: string) => `${clusterId}/${name}`;

/** Chosen default: the name in upper case with other characters as `_`. */
function defaultEnvVar(name: string): string {
  const v = name.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
  return /^[0-9]/.test(v) ? `_${v}` : v;
}

function requireElevated(ctx: EmulatorContext, key: Caller, parameter: string): void {
  const { elevated, role } = elevation(ctx.directory(), key);
  if (!elevated) throw valueNotPermitted(parameter, role);
}

function readValue(ctx: EmulatorContext, c: StoredCluster, s: StoredSecret, now: number): string {
  let value: string;
  try {
    value = ctx.secrets.open(secretAad(c.id, s.name), s.sealed);
  } catch (e) {
    if (e instanceof SecretCipherError) throw secretUnreadable(c.id, s.name);
    throw e;
  }
  s.access_count++;
  s.last_accessed = now;
  return value;
}

function matches(s: StoredSecret, q: { type?: string; category?: string; search?: string }): boolean {
  if (q.type !== undefined && s.type !== q.type) return false;
  if (q.category !== undefined && s.category !== q.category) return false;
  if (q.search !== undefined && q.search !== '') {
    const needle = q.search.toLowerCase();
    if (!s.name.toLowerCase().includes(needle) && !(s.description ?? '').toLowerCase().includes(needle)) return false;
  }
  return true;
}

/** A secret is never set to expire in the past (as a key's expiresAt): the time in ms, null to clear, undefined when not given. */
function futureExpiry(expiration: string | null | undefined, now: number): number | null | undefined {
  if (expiration === undefined || expiration === null) return expiration;
  const ms = Date.parse(expiration);
  if (ms <= now) throw expiryInPast('expiration_date');
  return ms;
}

function createSecret(ctx: EmulatorContext, c: StoredCluster, body: CreateSecretParsed, now: number): StoredSecret {
  if (c.secrets.some((s) => s.name === body.name)) throw secretExists(c.id, body.name);
  const expiration = futureExpiry(body.expiration_date, now) ?? null;
  const filePath = body.file_path ?? null;
  return {
    name: body.name,
    description: body.description ?? null,
    type: body.type,
    category: body.category ?? 'custom',
    sealed: ctx.secrets.seal(secretAad(c.id, body.name), body.value),
    environment_variable: body.environment_variable ?? (filePath === null ? defaultEnvVar(body.name) : null),
    file_path: filePath,
    expiration_date: expiration,
    rotation: {
      enabled: body.rotation_policy?.enabled ?? false,
      interval_days: body.rotation_policy?.rotation_interval_days ?? 90,
      notification_days_before: body.rotation_policy?.notification_days_before ?? 7,
      last_rotated_at: now,
    },
    permissions: {
      read_only: body.permissions?.read_only ?? true,
      file_mode: body.permissions?.file_mode ?? (filePath === null ? null : '0400'),
      allowed_users: body.permissions?.allowed_users ?? [],
      allowed_roles: body.permissions?.allowed_roles ?? [],
    },
    access_count: 0,
    last_accessed: null,
    tags: body.tags ?? [],
    created_at: now,
    updated_at: now,
  };
}

export const secretRoutes = [
  defineRoute(ops['clusters.secrets.list'], (ctx, { params, query, key, now, requestId }) => {
    const c = clusterOr404(ctx.store, params.cluster_id);
    if (query.include_values) requireElevated(ctx, key, 'include_values');
    const found = c.secrets.filter((s) => matches(s, query));
    const secret_types: Record<string, number> = {};
    for (const s of found) secret_types[s.type] = (secret_types[s.type] ?? 0) + 1;
    const secrets = found.map((s) => secretView(s, now, query.include_values ? readValue(ctx, c, s, now) : undefined));
    // Reading values counts as an access (access_count, last_accessed).
    if (query.include_values) for (const s of found) ctx.store.touch(AREA, clusterRecord.secret(c.id, s.name));
    return ok({ secrets, total_count: found.length, secret_types }, requestId);
  }),
  defineRoute(ops['clusters.secrets.get'], (ctx, { params, query, key, now, requestId }) => {
    const c = clusterOr404(ctx.store, params.cluster_id);
    const s = secretOr404(c, params.secret_name);
    if (!query.include_value) return ok(secretView(s, now), requestId);
    requireElevated(ctx, key, 'include_value');
    const value = readValue(ctx, c, s, now);
    ctx.store.touch(AREA, clusterRecord.secret(c.id, s.name));
    return ok(secretView(s, now, value), requestId);
  }),
  defineRoute(
    ops['clusters.secrets.create'],
    (ctx, { params, body, now, requestId }) => {
      const c = clusterOr404(ctx.store, params.cluster_id);
      const s = createSecret(ctx, c, body, now);
      c.secrets.push(s);
      ctx.store.touch(AREA, clusterRecord.secret(c.id, s.name));
      return ok(secretView(s, now), requestId);
    },
    201,
  ),
  defineRoute(ops['clusters.secrets.update'], (ctx, { params, body, now, requestId }) => {
    const c = clusterOr404(ctx.store, params.cluster_id);
    const s = secretOr404(c, params.secret_name);
    const { value, rotation_policy, permissions, expiration_date, file_path, ...plain } = body;
    // Checked before anything changes: a refused update leaves the secret as it was.
    const expiration = futureExpiry(expiration_date, now);
    Object.assign(s, stripUndefined(plain));
    if (value !== undefined) {
      s.sealed = ctx.secrets.seal(secretAad(c.id, s.name), value);
      s.rotation.last_rotated_at = now; // a new value is a rotation: next_rotation restarts from now
    }
    if (rotation_policy) {
      s.rotation.enabled = rotation_policy.enabled;
      s.rotation.interval_days = rotation_policy.rotation_interval_days;
      s.rotation.notification_days_before = rotation_policy.notification_days_before;
    }
    if (permissions) Object.assign(s.permissions, stripUndefined(permissions));
    if (expiration !== undefined) s.expiration_date = expiration;
    if (file_path !== undefined) s.file_path = file_path;
    s.updated_at = now;
    ctx.store.touch(AREA, clusterRecord.secret(c.id, s.name));
    return ok(secretView(s, now), requestId);
  }),
  defineRoute(ops['clusters.secrets.delete'], (ctx, { params, now, requestId }) => {
    const c = clusterOr404(ctx.store, params.cluster_id);
    const s = secretOr404(c, params.secret_name);
    c.secrets.splice(c.secrets.indexOf(s), 1);
    ctx.store.touch(AREA, clusterRecord.secret(c.id, s.name));
    return ok({ id: s.name, deleted: true as const, deleted_at: iso(now) }, requestId);
  }),
];
