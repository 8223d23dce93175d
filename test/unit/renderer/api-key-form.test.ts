// The key form (create and edit): requests the shared schemas accept, only what changed on
// edit, and messages in the operator's words — the rule, never validator text or field names.
import { describe, expect, it } from 'vitest';
import type { ApiKey } from '../../../shared/api/accounts/api-keys';
import type { NormalizedError } from '../../../shared/api/errors';
import { expiryText, limitCell, limitLines } from '../../../renderer/src/features/accounts/api-keys/key-display';
import {
  blockedReason,
  holderWarning,
  OWNER_KEY_REASON,
  type KeyHolder,
} from '../../../renderer/src/features/accounts/api-keys/key-holders';
import {
  emptyCreateKeyForm,
  expiryFromDate,
  formFromKey,
  KEY_MESSAGES,
  serverFieldError,
  toCreateRequest,
  toUpdateRequest,
} from '../../../renderer/src/features/accounts/api-keys/key-form';

const NOW = Date.parse('2026-03-01T12:00:00Z');

/** Whether the holders make a key the owner key: an active key's actions are blocked only then. */
const isOwnerKey = (holders: readonly KeyHolder[] | undefined): boolean => blockedReason({ status: 'active' }, holders) !== null;

const key: ApiKey = {
  id: 'key_AbCd1234',
  name: 'CI deploy',
  prefix: 'gpu_live_AbCd1234_',
  permissions: ['read', 'write'],
  scopes: ['accounts', 'clusters'],
  lastUsed: null,
  createdAt: '2026-01-01T00:00:00Z',
  expiresAt: null,
  status: 'active',
  usageCount: 0,
  rateLimit: { reads: 500, writes: 0, executions: 0 },
};

/** No validator wording, no API field name: what the old messages said. */
const VALIDATOR_TEXT = /expected|too (big|small)|invalid_|>=|<=|rateLimit|expiresAt|NaN/i;

describe('toCreateRequest', () => {
  it('builds a request the shared schema accepts, omitting empty optional fields', () => {
    const r = toCreateRequest(
      { ...emptyCreateKeyForm(), name: '  CI deploy  ', permissions: ['read', 'write'], scopes: ['accounts', 'clusters'] },
      NOW,
    );
    expect(r).toEqual({ ok: true, request: { name: 'CI deploy', permissions: ['read', 'write'], scopes: ['accounts', 'clusters'] } });
  });

  it('reports each invalid field in plain words', () => {
    const r = toCreateRequest({ ...emptyCreateKeyForm(), name: '', permissions: [], scopes: [] }, NOW);
    expect(r.ok ? null : r.errors).toEqual({
      name: 'Name is required',
      permissions: 'Choose at least one permission',
      scopes: 'Choose at least one scope',
    });
    const long = toCreateRequest({ ...emptyCreateKeyForm(), name: 'x'.repeat(101) }, NOW);
    expect(long.ok ? null : long.errors.name).toBe('Name is at most 100 characters');
  });

  it('says the rate-limit rule: 1 to 1,000,000 per hour, empty for no per-key limit; 0 is not a limit', () => {
    const r = toCreateRequest(
      { ...emptyCreateKeyForm(), name: 'k', rateLimit: { reads: '2000000', writes: '-1', executions: '1.5' } },
      NOW,
    );
    if (r.ok) throw new Error('accepted');
    expect(r.errors['rateLimit.reads']).toBe('1 to 1,000,000 requests per hour, or empty for no per-key limit');
    expect(r.errors['rateLimit.writes']).toBe(r.errors['rateLimit.reads']);
    expect(r.errors['rateLimit.executions']).toBe('A whole number from 1 to 1,000,000 (requests per hour)');
    const zero = toCreateRequest({ ...emptyCreateKeyForm(), name: 'k', rateLimit: { reads: '0', writes: '', executions: 'abc' } }, NOW);
    if (zero.ok) throw new Error('accepted');
    expect(zero.errors['rateLimit.reads']).toBe(KEY_MESSAGES.rateZero);
    expect(zero.errors['rateLimit.reads']).toMatch(/Leave it empty for no per-key limit/);
    expect(zero.errors['rateLimit.executions']).toMatch(/whole number/);
    for (const message of [...Object.values(r.errors), ...Object.values(zero.errors)]) expect(message).not.toMatch(VALIDATOR_TEXT);
    const ok = toCreateRequest(
      { ...emptyCreateKeyForm(), name: 'k', rateLimit: { reads: '1,000', writes: '', executions: '1000000' } },
      NOW,
    );
    expect(ok.ok && ok.request.rateLimit).toEqual({ reads: 1000, executions: 1_000_000 });
  });

  it('turns an expiry date into the end of that day and refuses past dates, saying so', () => {
    const iso = expiryFromDate('2026-04-10')!;
    const d = new Date(iso);
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()]).toEqual([2026, 3, 10, 23, 59]);
    expect(expiryFromDate('not a date')).toBeNull();
    const past = toCreateRequest({ ...emptyCreateKeyForm(), name: 'k', expiresOn: '2026-02-01' }, NOW);
    expect(past.ok ? null : past.errors.expiresAt).toBe('Choose today or a later date: the key works through the end of that day');
    const future = toCreateRequest({ ...emptyCreateKeyForm(), name: 'k', expiresOn: '2026-04-10' }, NOW);
    expect(future.ok && future.request.expiresAt).toBe(iso);
  });
});

describe('toUpdateRequest', () => {
  it('prefills from the key, a 0 limit as an empty field', () => {
    expect(formFromKey(key)).toEqual({
      name: 'CI deploy',
      permissions: ['read', 'write'],
      scopes: ['accounts', 'clusters'],
      expiresOn: '',
      rateLimit: { reads: '500', writes: '', executions: '' },
    });
  });

  it('sends only what changed; an emptied limit is sent as 0 (no per-key limit)', () => {
    const form = { ...formFromKey(key), name: 'CI deploy v2', rateLimit: { reads: '', writes: '50', executions: '' } };
    expect(toUpdateRequest(form, key, NOW)).toEqual({ ok: true, request: { name: 'CI deploy v2', rateLimit: { reads: 0, writes: 50 } } });
    const scopes = {
      ...formFromKey(key),
      scopes: ['clusters' as const, 'accounts' as const],
      permissions: ['write' as const, 'read' as const],
    };
    expect(toUpdateRequest(scopes, key, NOW)).toEqual({ ok: false, errors: { form: KEY_MESSAGES.nothingChanged } });
    const expiry = toUpdateRequest({ ...formFromKey(key), expiresOn: '2026-04-10' }, key, NOW);
    expect(expiry).toEqual({ ok: true, request: { expiresAt: expiryFromDate('2026-04-10') } });
  });

  it('clears an expiry with null, and leaves an unchanged past expiry alone', () => {
    const expiring = { ...key, expiresAt: '2026-02-01T10:00:00Z' };
    expect(toUpdateRequest({ ...formFromKey(expiring), name: 'renamed' }, expiring, NOW)).toEqual({
      ok: true,
      request: { name: 'renamed' },
    });
    expect(toUpdateRequest({ ...formFromKey(expiring), expiresOn: '' }, expiring, NOW)).toEqual({ ok: true, request: { expiresAt: null } });
  });

  it('validates every field as on create', () => {
    const r = toUpdateRequest(
      { ...formFromKey(key), name: ' ', permissions: [], rateLimit: { reads: '0', writes: '', executions: '' } },
      key,
      NOW,
    );
    expect(r.ok ? null : r.errors).toEqual({
      name: 'Name is required',
      permissions: 'Choose at least one permission',
      'rateLimit.reads': KEY_MESSAGES.rateZero,
    });
  });
});

describe('server errors on their field', () => {
  const error = (code: string, details: Record<string, unknown>): NormalizedError => ({
    status: 400,
    code,
    message: 'raw server text',
    details,
    source: 'account',
  });

  it('puts the emulator’s field errors on the field, in the form’s words', () => {
    expect(serverFieldError(error('VALIDATION_ERROR', { field: 'expiresAt', reason: 'must be in the future' }))).toEqual({
      field: 'expiresAt',
      message: `${KEY_MESSAGES.expiryPast} (by the server’s clock)`,
    });
    expect(
      serverFieldError(error('VALIDATION_ERROR', { field: 'rateLimit.writes', reason: 'Too big: expected number to be <=1000000' })),
    ).toEqual({ field: 'rateLimit.writes', message: KEY_MESSAGES.rateRange });
    const grant = serverFieldError(error('INSUFFICIENT_PERMISSIONS', { field: 'scopes', attemptedPermission: 'billing' }));
    expect(grant?.field).toBe('scopes');
    expect(grant?.message).toMatch(/does not have the “billing” scope/);
    expect(serverFieldError(error('INVALID_STATE', { keyId: 'key_x', reason: 'owner_key' }))).toBeNull();
  });
});

describe('limits and expiry as the list and drawer say them', () => {
  it('shows 0 as no per-key limit, everywhere', () => {
    expect(limitLines(key.rateLimit)).toEqual(['Reads: 500 per hour', 'Writes: no per-key limit', 'Executions: no per-key limit']);
    expect(limitCell(key.rateLimit)).toBe('R 500');
    expect(limitCell({ reads: 0, writes: 0, executions: 0 })).toBeNull();
    expect(limitCell({ reads: 1_000_000, writes: 1500, executions: 0 })).toBe('R 1M · W 1.5K');
  });

  it('gives the expiry as a date and relative to now', () => {
    expect(expiryText(null, NOW)).toBe('Never');
    expect(expiryText('2026-03-04T12:00:00Z', NOW)).toMatch(/^Mar \d, 2026 · in 3 days$/);
    expect(expiryText('2026-02-22T12:00:00Z', NOW)).toMatch(/ · expired last week$/);
  });
});

describe('keys that profiles use', () => {
  const staging = { id: 'p-1', name: 'Staging', builtIn: false };
  const ci = { id: 'p-2', name: 'CI', builtIn: false };
  const local = { id: 'local-emulator', name: 'Local emulator', builtIn: true };

  it('names the profile in the revoke and rotate warnings, the connected one too', () => {
    expect(holderWarning([staging], 'revoke', 'local-emulator')).toBe(
      'The profile “Staging” uses this key; after revoking, it will no longer connect.',
    );
    expect(holderWarning([staging, ci], 'rotate', 'p-2')).toBe(
      'The profiles “Staging” and “CI” use this key; after rotating, they will no longer connect until given the new value. ' +
        'This console is connected through “CI” now: its calls will fail.',
    );
    expect(holderWarning([], 'revoke', null)).toBeNull();
  });

  it('tells the owner key by its built-in holder, and blocks its actions saying why', () => {
    expect(isOwnerKey([local])).toBe(true);
    expect(isOwnerKey([staging])).toBe(false);
    expect(blockedReason({ status: 'active' }, [local])).toBe(OWNER_KEY_REASON);
    expect(blockedReason({ status: 'revoked' }, [staging])).toBe('This key is revoked');
    expect(blockedReason({ status: 'active' }, undefined)).toBeNull();
  });
});
