// The contract check refuses what it must: it runs on every harness call, so a check that
// never fails would pass every test silently.
import { describe, expect, it } from 'vitest';
import { checkContract, ContractError } from './contract';

const headers = (requestId = 'req_1') =>
  new Headers({
    'x-request-id': requestId,
    'x-ratelimit-limit': '100',
    'x-ratelimit-remaining': '99',
    'x-ratelimit-reset': '1',
    'x-ratelimit-window': '3600',
  });
const reply = (status: number, body: unknown) => ({ status, headers: headers(), body });
const clusterError = (status: number, code: string, requestId = 'req_1') =>
  reply(status, { success: false, error: { code, message: 'm', details: {} }, meta: { request_id: requestId } });
const accountError = (status: number, code: string, extra: Record<string, unknown> = {}) =>
  reply(status, { error: code, message: 'm', ...extra });

const verify = { valid: true };

describe('checkContract', () => {
  it('finds the operation and the code of a reply within the contract', () => {
    expect(checkContract('GET', '/v1/clusters/cluster_x/secrets/A', clusterError(404, 'SECRET_NOT_FOUND'))).toMatchObject({
      op: { id: 'clusters.secrets.get' },
      code: 'SECRET_NOT_FOUND',
    });
    expect(checkContract('GET', '/v1/clusters/templates/tmpl_1', clusterError(404, 'TEMPLATE_NOT_FOUND')).op?.id).toBe(
      'clusters.templates.get',
    );
    expect(checkContract('POST', '/v2/accounts/api-keys/key_1/rotate', accountError(409, 'INVALID_STATE')).code).toBe('INVALID_STATE');
  });

  it('refuses a success body that does not parse with the response schema', () => {
    expect(() => checkContract('GET', '/v2/auth/verify', reply(200, verify))).toThrow(ContractError);
    expect(() => checkContract('GET', '/v2/nowhere', reply(200, {}))).toThrow(/a success where no operation is/);
  });

  it('refuses a code the operation does not declare, or at another status', () => {
    expect(() => checkContract('GET', '/v1/clusters/cluster_x', clusterError(409, 'INVALID_STATE'))).toThrow(/neither declared/);
    expect(() => checkContract('GET', '/v2/auth/verify', accountError(400, 'VALIDATION_ERROR'))).toThrow(/neither declared/);
    expect(() => checkContract('GET', '/v1/clusters/cluster_x', clusterError(400, 'CLUSTER_NOT_FOUND'))).toThrow(/answered with 404/);
    expect(() => checkContract('GET', '/v1/clusters/cluster_x', clusterError(404, 'NO_SUCH_CODE'))).toThrow(/unknown error code/);
  });

  it('refuses the other envelope, and a request id that is not the header', () => {
    expect(() => checkContract('GET', '/v1/clusters/cluster_x', accountError(404, 'CLUSTER_NOT_FOUND'))).toThrow(/cluster shape/);
    expect(() => checkContract('GET', '/v2/accounts/api-keys/key_1/usage', clusterError(404, 'KEY_NOT_FOUND'))).toThrow(/account shape/);
    expect(() => checkContract('GET', '/v1/clusters/cluster_x', clusterError(404, 'CLUSTER_NOT_FOUND', 'req_2'))).toThrow(/request_id/);
  });

  it("accepts a cluster route's pipeline refusal only in the account shape with meta.request_id and the numeric code", () => {
    const ok = reply(401, { error: 'UNAUTHORIZED', message: 'm', code: 401, meta: { request_id: 'req_1' } });
    expect(checkContract('GET', '/v1/clusters', ok).code).toBe('UNAUTHORIZED');
    expect(() => checkContract('GET', '/v1/clusters', accountError(401, 'UNAUTHORIZED', { code: 401 }))).toThrow(/accountWithRequestId/);
    expect(() => checkContract('GET', '/v1/clusters', clusterError(401, 'UNAUTHORIZED'))).toThrow(/accountWithRequestId/);
    expect(() => checkContract('GET', '/v2/auth/verify', accountError(401, 'UNAUTHORIZED'))).toThrow(/numeric code/);
    // The secrets routes answer INSUFFICIENT_PERMISSIONS themselves, in the cluster envelope.
    expect(
      checkContract('GET', '/v1/clusters/cluster_x/secrets?include_values=true', clusterError(403, 'INSUFFICIENT_PERMISSIONS')).code,
    ).toBe('INSUFFICIENT_PERMISSIONS');
  });

  it('takes the envelope of a request no operation takes from the table: the path’s operations, else its area', () => {
    expect(checkContract('PATCH', '/v1/clusters/cluster_x', clusterError(405, 'METHOD_NOT_ALLOWED')).op).toBeNull();
    expect(() => checkContract('GET', '/v1/clusters/a/b/c/d', accountError(404, 'NOT_FOUND'))).toThrow(/cluster shape/);
    expect(checkContract('GET', '/v2/elsewhere', accountError(404, 'NOT_FOUND')).code).toBe('NOT_FOUND');
    expect(() => checkContract('GET', '/v2/elsewhere', accountError(404, 'KEY_NOT_FOUND'))).toThrow(/neither declared/);
  });

  it('needs the request id and rate-limit headers, and no body on HEAD', () => {
    expect(() =>
      checkContract('GET', '/v2/elsewhere', { status: 404, headers: new Headers(), body: { error: 'NOT_FOUND', message: 'm' } }),
    ).toThrow(/X-Request-Id/);
    expect(() => checkContract('HEAD', '/v2/auth/verify', reply(405, {}))).toThrow(/HEAD/);
  });

  it('accepts an error a chaos rule injected, in the operation’s envelope', () => {
    const injected = accountError(503, 'CHAOS_INJECTED', { details: { chaos: true } });
    expect(checkContract('GET', '/v2/auth/verify', injected).code).toBe('CHAOS_INJECTED');
    expect(() => checkContract('GET', '/v1/clusters', injected)).toThrow(/injected/);
  });
});
