import { describe, expect, it } from 'vitest';
import { api } from '../../../renderer/src/bridge/api';
import { BridgeCallError, toNormalizedError } from '../../../renderer/src/bridge/errors';
import { setBridge, type RendererBridge } from '../../../renderer/src/bridge/index';
import type { ChainStep, PermissionCheckResponse } from '../../../shared/api/accounts/permissions';
import type { NormalizedError } from '../../../shared/api/errors';
import { operations } from '../../../shared/api/operations';
import {
  expiryWords,
  heldOf,
  outcomeWords,
  stepResources,
  stepTitle,
  stepTone,
  verdictWords,
} from '../../../renderer/src/features/accounts/access/chain-words';
import { checkQueryOf, checkRequestOf, RESOURCE_ID_MAX } from '../../../renderer/src/features/accounts/access/check-query';
import { whyRequestOf } from '../../../renderer/src/features/accounts/access/why-request';
import { resourceIdsOf } from '../../../shared/api/accounts/permissions';
import { canExplain } from '../../../renderer/src/platform/why';

const NOW = Date.parse('2026-11-27T17:02:00Z');
const base = { decided: false, reason: 'r' };
const role: ChainStep = {
  step: 'role',
  role: 'viewer',
  permissions: ['read'],
  scopes: ['endpoints', 'clusters'],
  outcome: 'not_held',
  ...base,
};
const grant = (patch: Partial<Extract<ChainStep, { step: 'grant' }>>): ChainStep => ({
  step: 'grant',
  grantId: 'grant_1',
  permissions: ['write'],
  scopes: ['clusters'],
  resources: null,
  expiresAt: null,
  outcome: 'not_held',
  ...base,
  ...patch,
});

describe('chain steps in words and colours', () => {
  it('colours each outcome: matched success, tried neutral, near misses warning, an inactive member error', () => {
    expect(stepTone('matched')).toBe('success');
    expect(stepTone('not_held')).toBe('neutral');
    expect(stepTone('none_exist')).toBe('neutral');
    expect(stepTone('member_inactive')).toBe('error');
    for (const o of ['expired', 'revoked', 'other_resource'] as const) {
      expect(stepTone(o)).toBe('warning');
    }
  });

  it('names each kind of step, "No grants" and "No shares" when none exist', () => {
    expect(stepTitle(role)).toBe('Role viewer');
    expect(stepTitle({ ...role, step: 'inherited_role', via: 'developer' } as ChainStep)).toBe('Inherited role viewer, via developer');
    expect(stepTitle(grant({ grantId: null, outcome: 'none_exist' }))).toBe('No grants');
    expect(stepTitle(grant({}))).toBe('Grant grant_1');
    const share: ChainStep = {
      step: 'share',
      shareId: null,
      resourceId: null,
      permissions: [],
      expiresAt: null,
      outcome: 'none_exist',
      ...base,
    };
    expect(stepTitle(share)).toBe('No shares');
    expect(stepTitle({ ...share, shareId: 'share_1', resourceId: 'cl_1' } as ChainStep)).toBe('Share share_1 of cl_1');
    expect(stepTitle({ step: 'member', status: 'suspended', outcome: 'member_inactive', ...base })).toBe('Member (suspended)');
  });

  it('says a near miss with its time, relative and absolute', () => {
    const expiredAt = new Date(NOW - 3 * 3600_000).toISOString();
    const words = outcomeWords(grant({ outcome: 'expired', expiresAt: expiredAt }), NOW);
    expect(words).toMatch(/^near miss: expired 3 hours ago \((.+, )?\d{2}:\d{2}\)$/);
    expect(outcomeWords(grant({ outcome: 'revoked' }), NOW)).toBe('near miss: revoked');
    expect(outcomeWords(grant({ outcome: 'other_resource', resources: ['cl_2'] }), NOW)).toBe('near miss: held for other resources');
    expect(expiryWords(new Date(NOW + 2 * 86_400_000).toISOString(), NOW)).toMatch(/^expires in 2 days \(/);
    expect(outcomeWords(role, NOW)).toBe('not held');
  });

  it('lists what a step held, `*` as all, and a grant’s resources', () => {
    expect(heldOf(role)).toEqual({ permissions: ['read'], scopes: ['endpoints', 'clusters'] });
    expect(heldOf({ ...role, permissions: ['*'], scopes: ['*'] })).toEqual({ permissions: ['all'], scopes: ['all'] });
    expect(heldOf(grant({ grantId: null }))).toBeNull();
    expect(stepResources(grant({ resources: ['cl_1'] }))).toEqual(['cl_1']);
    expect(stepResources(role)).toBeNull();
  });

  it('gives the verdict with the step that decided it', () => {
    const result = (allowed: boolean, source: PermissionCheckResponse['source'], chain: ChainStep[]) => ({
      allowed,
      source,
      details: { reason: '', limitations: { remainingExecutions: 0, maxExecutionsPerHour: 0 }, chain },
    });
    expect(verdictWords(result(false, null, [role]))).toBe('Refused');
    expect(verdictWords(result(true, 'role', [{ ...role, role: 'admin', outcome: 'matched' }]))).toBe('Allowed via role admin');
    expect(
      verdictWords(
        result(true, 'inherited_role', [
          role,
          { ...role, step: 'inherited_role', via: 'admin', role: 'developer', outcome: 'matched' } as ChainStep,
        ]),
      ),
    ).toBe('Allowed via inherited role developer');
    expect(verdictWords(result(true, 'grant', [grant({ outcome: 'matched' })]))).toBe('Allowed via grant grant_1');
  });
});

describe('a check in the address', () => {
  it('reads known names, falls back on unknown ones, bounds the resource', () => {
    const q = checkQueryOf({ user: 'usr_a', permission: 'nope', scope: 'endpoints', resource: 'x'.repeat(300) });
    expect(q).toEqual({ user: 'usr_a', permission: 'read', scope: 'endpoints', resource: 'x'.repeat(RESOURCE_ID_MAX) });
  });

  it('asks only once a member is picked, with the resource only when given', () => {
    expect(checkRequestOf({ user: '', permission: 'write', scope: 'clusters', resource: '' })).toBeNull();
    expect(checkRequestOf({ user: 'usr_a', permission: 'write', scope: 'clusters', resource: '' })).toEqual({
      userId: 'usr_a',
      permission: 'write',
      scope: 'clusters',
    });
    expect(checkRequestOf({ user: 'usr_a', permission: 'write', scope: 'clusters', resource: 'cl_1' })?.resourceId).toBe('cl_1');
  });
});

describe('a refused call as the check that explains it', () => {
  const refused = (op: string, params: Record<string, string>, details: Record<string, unknown>): NormalizedError => ({
    status: 403,
    code: 'FORBIDDEN',
    message: 'refused',
    details,
    source: 'account',
    request: { op, params },
  });

  it('finds the resource in the path parameters, the cluster of a secret', () => {
    // The same resources the enforcement decides on: a port or secret on its cluster, never a member.
    expect(resourceIdsOf({ cluster_id: 'cl_1', secret_name: 'TOKEN' })).toEqual(['cl_1']);
    expect(resourceIdsOf({ endpointId: 'ep_1' })).toEqual(['ep_1']);
    expect(resourceIdsOf({ port_id: 'p_1' })).toEqual([]);
    expect(resourceIdsOf({ user_id: 'usr_1' })).toEqual([]);
    expect(resourceIdsOf({})).toEqual([]);
  });

  it('explains a member-level refusal for the member the key belongs to', () => {
    const op = Object.values(operations).find((o) => o.method !== 'GET' && o.scope === 'clusters' && o.path.includes(':cluster_id'))!;
    const why = whyRequestOf(refused(op.id, { cluster_id: 'cl_9' }, { userId: 'usr_v', requiredPermission: 'write' }), operations);
    expect(why).toMatchObject({ op: op.id, permission: op.access, scope: 'clusters', resourceId: 'cl_9', userId: 'usr_v', keyLevel: null });
  });

  it('says a key-level refusal names no member, with what the key lacks', () => {
    const op = Object.values(operations).find((o) => o.method === 'POST' && o.scope === 'clusters')!;
    const forbidden = whyRequestOf(refused(op.id, {}, { required_permission: 'clusters:write' }), operations);
    expect(forbidden).toMatchObject({ userId: null, keyLevel: { required: 'clusters:write' }, scope: 'clusters' });
    const insufficient = whyRequestOf(refused(op.id, {}, { requiredPermission: 'write', requiredScope: 'training' }), operations);
    expect(insufficient?.keyLevel).toEqual({ required: 'training:write' });
  });

  it('explains only a 403 that names a known call', () => {
    expect(whyRequestOf(refused('no.such.op', {}, {}), operations)).toBeNull();
    const error = refused('apiKeys.list', {}, {});
    expect(canExplain(error)).toBe(true);
    expect(canExplain({ ...error, status: 404 })).toBe(false);
    expect(canExplain({ ...error, request: undefined })).toBe(false);
    expect(canExplain(null)).toBe(false);
  });
});

async function failureOf(call: Promise<unknown>): Promise<NormalizedError> {
  try {
    await call;
  } catch (e) {
    return toNormalizedError(e);
  }
  throw new Error('the call did not fail');
}

describe('a failed call names itself', () => {
  const failing = (normalized: NormalizedError) =>
    setBridge({
      mode: 'web',
      connection: { state: 'open', onStateChange: () => () => {} },
      subscribe: () => () => {},
      invoke: () => Promise.reject(new BridgeCallError(normalized)),
    } as unknown as RendererBridge);

  it('an API answer carries the operation and its path parameters, never the body or query', async () => {
    failing({ status: 403, code: 'FORBIDDEN', message: 'no', details: {}, source: 'account' });
    // The query is not the operation's: sent anyway, it must not be named either.
    const input = { params: { cluster_id: 'cl_1', secret_name: 'TOKEN' }, body: { value: 'hunter2' }, query: { q: 'x' } };
    const error = await failureOf(api('clusters.secrets.update', input as never));
    expect(error.request).toEqual({ op: 'clusters.secrets.update', params: { cluster_id: 'cl_1', secret_name: 'TOKEN' } });
    expect(JSON.stringify(error)).not.toContain('hunter2');
  });

  it('a failure before any answer names nothing', async () => {
    failing({ status: 0, code: 'NETWORK_ERROR', message: 'down', details: {}, source: 'network' });
    const error = await failureOf(api('apiKeys.list'));
    expect(error.request).toBeUndefined();
  });
});
