import { describe, expect, it } from 'vitest';
import { normalizeErrorBody } from '../../../shared/api/errors';

describe('normalizeErrorBody', () => {
  it('reads the account envelope with details', () => {
    const n = normalizeErrorBody(400, {
      error: 'INVALID_PERMISSIONS',
      message: 'Invalid permission',
      details: { invalidPermissions: ['admin'], validPermissions: ['read', 'write', 'execute'] },
    });
    expect(n).toMatchObject({ status: 400, code: 'INVALID_PERMISSIONS', source: 'account' });
    expect(n.details.invalidPermissions).toEqual(['admin']);
  });

  it('keeps required_permission of a FORBIDDEN body and retry_after of RATE_LIMITED', () => {
    expect(
      normalizeErrorBody(403, { error: 'FORBIDDEN', message: 'no', code: 403, required_permission: 'accounts:write' }).details,
    ).toEqual({
      required_permission: 'accounts:write',
    });
    expect(normalizeErrorBody(429, { error: 'RATE_LIMITED', message: 'slow', code: 429, retry_after: 12 }).retryAfter).toBe(12);
  });

  it('prefers the Retry-After header over the body', () => {
    expect(normalizeErrorBody(429, { error: 'RATE_LIMITED', message: 'slow', retry_after: 12 }, '30').retryAfter).toBe(30);
  });

  it('reads the cluster envelope and its request id', () => {
    const n = normalizeErrorBody(409, {
      success: false,
      error: { code: 'INVALID_STATE', message: 'Cluster is stopped', details: { current_status: 'stopped' } },
      meta: { request_id: 'req_1' },
    });
    expect(n).toMatchObject({ code: 'INVALID_STATE', source: 'cluster', requestId: 'req_1', details: { current_status: 'stopped' } });
  });

  it('names an unknown body by its status', () => {
    expect(normalizeErrorBody(502, '<html>bad gateway</html>')).toMatchObject({ code: 'HTTP_502', status: 502 });
  });
});
