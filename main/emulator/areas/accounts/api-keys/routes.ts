// API key routes of both families (01-accounts.md, API keys). One key store serves both;
// the /v2/auth family accepts the wider scope list and takes no rateLimit on create.
import type { KeyPermission } from '../../../../../shared/api/common';
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import { invalidState, keyLimitReached, keyNotFound, validationError } from '../../../core/errors';
import { hashKey, keyIdOf, keyPrefix, makeKeyValue, randomBase62 } from '../../../core/ids';
import { defineRoute, Json } from '../../../core/route-def';
import type { Caller } from '../../../core/area';
import type { EmulatorContext } from '../../../core/context';
import { checkGrant } from './grant';
import { apiKeyLimitation } from '../permissions/limitations';
import { accountRecord } from '../records';
import { accountsOf, AREA } from '../state';
import type { StoredKey } from '../stored-schema';
import { keyUsage } from './usage';
import { KeyListJson, toApiKey } from './view';
import type { ListApiKeysResponse } from '../../../../../shared/api/accounts/api-keys';

const iso = (ms: number) => new Date(ms).toISOString();

/** The key a route names, when it may be changed: not the owner key, not revoked (unless allowed). */
function findKey(ctx: EmulatorContext, keyId: string, opts: { change: boolean }): StoredKey {
  const key = accountsOf(ctx.store).keys.get(keyId);
  if (!key) throw keyNotFound(keyId);
  if (!opts.change) return key;
  if (key.owner)
    throw invalidState({ keyId, reason: 'owner_key' }, "The emulator's owner key cannot be changed, rotated or revoked through the API");
  if (key.status === 'revoked') throw invalidState({ keyId, status: key.status }, 'This key is revoked');
  return key;
}

function futureExpiry(expiresAt: string | null | undefined, now: number): number | null | undefined {
  if (expiresAt === undefined || expiresAt === null) return expiresAt;
  const ms = Date.parse(expiresAt);
  if (ms <= now) throw validationError('expiresAt', 'must be in the future');
  return ms;
}

interface CreateBody {
  name: string;
  permissions: KeyPermission[];
  scopes: StoredKey['scopes'];
  expiresAt?: string | null;
  rateLimit?: { reads?: number; writes?: number; executions?: number };
}

function createKey(ctx: EmulatorContext, caller: Caller, body: CreateBody, now: number) {
  const denied = checkGrant(caller, body.permissions, body.scopes);
  if (denied) throw denied;
  const expiresAt = futureExpiry(body.expiresAt, now) ?? null;
  const accounts = accountsOf(ctx.store);
  const max = accounts.settings.security.api_access.max_api_keys;
  const active = accounts.activeKeyCount(now);
  if (active >= max) throw keyLimitReached(max, active);
  // The key belongs to the member whose key creates it, within their role's maxApiKeys (issue 19).
  const limited = apiKeyLimitation(accounts, caller.createdBy, now);
  if (limited) throw limited;
  let value = makeKeyValue('live');
  while (accounts.keys.has(keyIdOf(value))) value = makeKeyValue('live');
  const key: StoredKey = {
    id: keyIdOf(value),
    name: body.name,
    prefix: keyPrefix(value),
    hash: hashKey(value),
    permissions: [...new Set(body.permissions)],
    scopes: [...new Set(body.scopes)],
    createdAt: now,
    expiresAt,
    status: 'active',
    revokedAt: null,
    lastUsed: null,
    usageCount: 0,
    rateLimit: { reads: body.rateLimit?.reads ?? 0, writes: body.rateLimit?.writes ?? 0, executions: body.rateLimit?.executions ?? 0 },
    owner: false,
    createdBy: caller.createdBy,
  };
  accounts.addKey(key);
  ctx.store.touch(AREA, accountRecord.key(key.id));
  ctx.events.emit('security.api_key_created', {
    subject: key.id,
    data: { name: key.name, prefix: key.prefix, createdBy: key.createdBy, permissions: key.permissions, scopes: key.scopes },
  });
  return { ...toApiKey(key), key: value };
}

/** Same id, prefix and configuration; a new secret; the old value stops working at once. */
function rotateKey(ctx: EmulatorContext, keyId: string, now: number) {
  const key = findKey(ctx, keyId, { change: true });
  const value = `${key.prefix}${randomBase62(32)}`;
  accountsOf(ctx.store).rehashKey(key, hashKey(value), key.prefix);
  ctx.store.touch(AREA, accountRecord.key(key.id));
  ctx.events.emit('security.api_key_revoked', { subject: key.id, data: { name: key.name, prefix: key.prefix, reason: 'rotated' } });
  return {
    id: key.id,
    name: key.name,
    key: value,
    oldKeyRevoked: true,
    rotatedAt: iso(now),
    message: 'Key rotated; the previous value no longer works',
  };
}

function revokeKey(ctx: EmulatorContext, keyId: string, now: number) {
  const key = findKey(ctx, keyId, { change: true });
  key.status = 'revoked';
  key.revokedAt = now;
  ctx.store.touch(AREA, accountRecord.key(key.id));
  ctx.events.emit('security.api_key_revoked', { subject: key.id, data: { name: key.name, prefix: key.prefix, reason: 'revoked' } });
  return { id: key.id, status: 'revoked' as const, revokedAt: iso(now), message: 'Key revoked' };
}

/** The list body per emulator (its store), kept between requests: see KeyListJson. */
const listBodies = new WeakMap<EmulatorContext['store'], KeyListJson>();

function listKeys(ctx: EmulatorContext): Json<ListApiKeysResponse> {
  let lists = listBodies.get(ctx.store);
  if (lists === undefined) listBodies.set(ctx.store, (lists = new KeyListJson()));
  return new Json(lists.render(accountsOf(ctx.store).keys, ctx.store.version));
}

export const apiKeyRoutes = [
  defineRoute(ops['apiKeys.list'], (ctx) => listKeys(ctx)),
  defineRoute(ops['authKeys.list'], (ctx) => listKeys(ctx)),
  defineRoute(ops['apiKeys.create'], (ctx, { body, key, now }) => createKey(ctx, key, body, now), 201),
  defineRoute(ops['authKeys.create'], (ctx, { body, key, now }) => createKey(ctx, key, body, now), 201),
  defineRoute(ops['apiKeys.update'], (ctx, { params, body, key: caller, now }) => {
    const key = findKey(ctx, params.key_id, { change: true });
    const denied = checkGrant(caller, body.permissions, body.scopes);
    if (denied) throw denied;
    const expiresAt = futureExpiry(body.expiresAt, now);
    if (body.name !== undefined) key.name = body.name;
    if (body.permissions) key.permissions = [...new Set(body.permissions)];
    if (body.scopes) key.scopes = [...new Set(body.scopes)];
    if (expiresAt !== undefined) key.expiresAt = expiresAt;
    if (body.rateLimit) key.rateLimit = { ...key.rateLimit, ...body.rateLimit };
    ctx.store.touch(AREA, accountRecord.key(key.id));
    return toApiKey(key);
  }),
  defineRoute(ops['apiKeys.rotate'], (ctx, { params, now }) => rotateKey(ctx, params.key_id, now)),
  defineRoute(ops['authKeys.rotate'], (ctx, { params, now }) => rotateKey(ctx, params.key_id, now)),
  defineRoute(ops['apiKeys.revoke'], (ctx, { params, now }) => revokeKey(ctx, params.key_id, now)),
  defineRoute(ops['authKeys.revoke'], (ctx, { params, now }) => revokeKey(ctx, params.key_id, now)),
  defineRoute(ops['apiKeys.usage'], (ctx, { params, query, now }) => {
    const key = findKey(ctx, params.key_id, { change: false });
    return keyUsage(accountsOf(ctx.store).usage.get(key.id), key.id, query.period, query.granularity, now);
  }),
];
