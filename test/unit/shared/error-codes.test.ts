import { describe, expect, it } from 'vitest';
import { ClusterErrorCode } from '../../../shared/api/clusters/errors';
import { EndpointErrorCode } from '../../../shared/api/endpoints/errors';
import { AUTH_ERRORS, COMMON_ERRORS, ERROR_STATUS, errorShapesOf } from '../../../shared/api/error-codes';
import { AccountErrorCode } from '../../../shared/api/errors';
import { TrainingErrorCode } from '../../../shared/api/training/errors';

describe('error codes', () => {
  it('give every code of every area one HTTP status', () => {
    const codes = [...AccountErrorCode.options, ...ClusterErrorCode.options, ...EndpointErrorCode.options, ...TrainingErrorCode.options];
    for (const code of codes) expect(ERROR_STATUS[code], code).toBeGreaterThanOrEqual(400);
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...new Set(codes)].sort());
  });

  it('keep the spec’s statuses (01-accounts.md, Errors)', () => {
    expect([
      ERROR_STATUS.UNAUTHORIZED,
      ERROR_STATUS.FORBIDDEN,
      ERROR_STATUS.KEY_NOT_FOUND,
      ERROR_STATUS.CANNOT_REMOVE_OWNER,
      ERROR_STATUS.RATE_LIMITED,
    ]).toEqual([401, 403, 404, 422, 429]);
    // 03-endpoints-training.md, Errors
    expect([
      ERROR_STATUS.INVALID_CONFIGURATION,
      ERROR_STATUS.HEALTH_CHECK_TIMEOUT,
      ERROR_STATUS.ENDPOINT_BUSY,
      ERROR_STATUS.TOO_MANY_LOGS,
    ]).toEqual([400, 408, 409, 413]);
  });

  it('put every code of an account route in the account shape', () => {
    const shapes = errorShapesOf({ envelope: 'account', errors: ['KEY_NOT_FOUND'] });
    expect([...shapes.keys()]).toEqual([...COMMON_ERRORS, 'KEY_NOT_FOUND']);
    expect(new Set([...shapes.values()].flat())).toEqual(new Set(['account']));
  });

  it("keep a cluster route's pipeline refusals in the account shape with a request id, the rest in the cluster envelope", () => {
    const shapes = errorShapesOf({ envelope: 'cluster', errors: ['CLUSTER_NOT_FOUND', 'INSUFFICIENT_PERMISSIONS'] });
    for (const code of AUTH_ERRORS) expect(shapes.get(code)?.[0], code).toBe('accountWithRequestId');
    expect(shapes.get('INSUFFICIENT_PERMISSIONS')).toEqual(['accountWithRequestId', 'cluster']);
    expect(shapes.get('NOT_FOUND')).toEqual(['cluster']);
    expect(shapes.get('CLUSTER_NOT_FOUND')).toEqual(['cluster']);
  });
});
