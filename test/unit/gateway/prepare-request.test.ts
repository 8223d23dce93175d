import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../../shared/ipc/dispatch';
import { prepareRequest } from '../../../main/gateway/prepare-request';

function issuesOf(fn: () => unknown): { path: string }[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof BridgeError) {
      expect(error.normalized.source).toBe('invalid_request');
      return error.normalized.details.issues as { path: string }[];
    }
    throw error;
  }
  throw new Error('expected invalid input');
}

describe('prepareRequest', () => {
  it('fills and encodes path parameters and applies query defaults', () => {
    const prepared = prepareRequest('apiKeys.usage', { params: { key_id: 'key_abc123' }, query: { period: '30d' } });
    expect(prepared.op.method).toBe('GET');
    expect(prepared.path).toBe('/v2/accounts/api-keys/key_abc123/usage');
    expect(prepared.search).toBe('period=30d&granularity=day');
    expect(prepared.body).toBeUndefined();
  });

  it('passes the parsed body (names trimmed)', () => {
    const prepared = prepareRequest('apiKeys.create', { body: { name: '  ci  ', permissions: ['read'], scopes: ['accounts'] } });
    expect(prepared.body).toEqual({ name: 'ci', permissions: ['read'], scopes: ['accounts'] });
  });

  it('reports every invalid part with its path', () => {
    const issues = issuesOf(() => prepareRequest('apiKeys.update', { params: { key_id: 'nope' }, body: { permissions: ['admin'] } }));
    expect(issues.map((i) => i.path)).toEqual(expect.arrayContaining(['params.key_id', 'body.permissions.0']));
  });

  it('refuses parts an operation does not take, a missing body and unknown operations', () => {
    expect(issuesOf(() => prepareRequest('apiKeys.list', { body: { x: 1 } })).map((i) => i.path)).toEqual(['body']);
    expect(issuesOf(() => prepareRequest('apiKeys.create', {})).map((i) => i.path)).toEqual(['body']);
    expect(() => prepareRequest('apiKeys.explode', {})).toThrow(/Unknown operation/);
  });
});
