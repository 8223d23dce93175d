import { describe, expect, it } from 'vitest';
import { accessFormFrom, toAccessRequest } from '../../../renderer/src/features/clusters/clusters/proxy/access-form';
import { ipEntryErrors } from '../../../renderer/src/features/clusters/clusters/proxy/form-helpers';
import {
  accessSummary,
  emptyPortForm,
  portFormFrom,
  toCreatePortRequest,
  toUpdatePortRequest,
} from '../../../renderer/src/features/clusters/clusters/proxy/port-form';
import type { PortMapping } from '../../../shared/api/clusters/ports';
import type { ProxyAccessControl } from '../../../shared/api/clusters/proxy';
import { CreatePortMappingRequest } from '../../../shared/api/clusters/ports';

const port: PortMapping = {
  id: 'port_abc',
  internal_port: 8888,
  external_port: 30001,
  protocol: 'tcp',
  description: 'Jupyter',
  url: 'https://c1.proxy.example.com:30001',
  status: 'active',
  health_status: 'healthy',
  health_check: { enabled: true, path: '/api', interval_seconds: 30, timeout_seconds: 5, last_check: null, consecutive_failures: 0 },
  access_control: {
    authentication_required: true,
    allowed_users: ['usr_1'],
    ip_whitelist: ['10.0.0.0/8'],
    rate_limit: { requests_per_minute: 120, burst_size: 20 },
    public_access: false,
  },
  custom_domain: null,
  usage_statistics: { total_requests: 0, unique_visitors: 0, last_accessed: null, avg_response_time_ms: 0 },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('port form → create request', () => {
  it('leaves external_port out when blank (auto-assign) and passes the shared schema', () => {
    const r = toCreatePortRequest({ ...emptyPortForm(), internalPort: '8080', description: 'API server' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.request).not.toHaveProperty('external_port');
    expect(r.request.internal_port).toBe(8080);
    expect(r.request.access_control?.rate_limit).toBeNull();
    expect(CreatePortMappingRequest.safeParse(r.request).success).toBe(true);
  });

  it('reports port ranges, a missing description and a timeout not below the interval on their fields', () => {
    const r = toCreatePortRequest({
      ...emptyPortForm(),
      internalPort: '70000',
      externalPort: 'abc',
      description: ' ',
      healthInterval: '10',
      healthTimeout: '10',
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.internalPort).toBe('The internal port is a whole number from 1 to 65535');
    expect(r.errors.externalPort).toBe('The external port is a whole number from 1 to 65535');
    expect(r.errors.description).toBe('A description is required');
    expect(r.errors.healthTimeout).toBe('The timeout is shorter than the interval');
  });

  it('flags each malformed allow-list entry by index and ignores blank ones', () => {
    const r = toCreatePortRequest({
      ...emptyPortForm(),
      internalPort: '80',
      description: 'web',
      ipWhitelist: ['10.0.0.0/8', '', '10.0.0.0/33', '300.1.1.1'],
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(['ip.2', 'ip.3']);
  });

  it('checks the per-port rate limit only when it is on', () => {
    const on = toCreatePortRequest({
      ...emptyPortForm(),
      internalPort: '80',
      description: 'web',
      rateLimitEnabled: true,
      requestsPerMinute: '0',
      burstSize: '5',
    });
    expect(on.ok ? null : on.errors.requestsPerMinute).toMatch(/Requests per minute is a whole number from 1/);
    const off = toCreatePortRequest({
      ...emptyPortForm(),
      internalPort: '80',
      description: 'web',
      rateLimitEnabled: false,
      requestsPerMinute: '0',
    });
    expect(off.ok).toBe(true);
  });
});

describe('port form ↔ existing mapping', () => {
  it('edits only what the update operation accepts', () => {
    const r = toUpdatePortRequest({ ...portFormFrom(port), description: 'Jupyter Lab' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(Object.keys(r.request).sort()).toEqual(['access_control', 'description', 'health_check']);
    expect(r.request.access_control).toEqual(port.access_control);
    expect(r.request.health_check).toEqual({ enabled: true, path: '/api', interval_seconds: 30, timeout_seconds: 5 });
  });

  it('summarises access control for the table', () => {
    expect(accessSummary(port.access_control)).toEqual(['Auth · 1 user', '1 IP', '120/min']);
    expect(accessSummary({ ...port.access_control, public_access: true, ip_whitelist: [], rate_limit: null })).toEqual(['Public']);
    expect(
      accessSummary({ ...port.access_control, authentication_required: false, allowed_users: [], ip_whitelist: [], rate_limit: null }),
    ).toEqual(['No auth']);
  });
});

describe('IP entries', () => {
  it('accepts IPv4/IPv6 addresses and CIDR ranges, rejects anything else', () => {
    expect(ipEntryErrors(['192.168.1.1', '10.0.0.0/8', '2001:db8::/32', '::1', ' '])).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const bad = ipEntryErrors(['10.0.0/8', 'example.com', '10.0.0.0/40']);
    expect(bad.every((m) => typeof m === 'string' && m.length > 0)).toBe(true);
  });
});

describe('proxy access form', () => {
  const access: ProxyAccessControl = {
    default_authentication: true,
    session_timeout_minutes: 60,
    max_concurrent_sessions: 10,
    ip_whitelist: [],
    blocked_ips: ['198.51.100.7'],
    rate_limiting: {
      global_limit: { requests_per_minute: 6000, burst_size: 500 },
      per_user_limit: { requests_per_minute: 600, burst_size: 50 },
    },
    security_headers: { hsts_enabled: true, content_security_policy: "default-src 'self'", x_frame_options: 'DENY' },
  };

  it('round-trips the current configuration into a valid request', () => {
    const r = toAccessRequest(accessFormFrom(access));
    expect(r).toEqual({
      ok: true,
      request: {
        default_authentication: true,
        session_timeout_minutes: 60,
        max_concurrent_sessions: 10,
        ip_whitelist: [],
        blocked_ips: ['198.51.100.7'],
        rate_limiting: access.rate_limiting,
        security_headers: access.security_headers,
      },
    });
  });

  it('reports bounds, the per-user limit above the global one and bad list entries', () => {
    const form = { ...accessFormFrom(access), sessionTimeout: '2', userRpm: '7000', blockedIps: ['198.51.100.7', 'nope'] };
    const r = toAccessRequest(form);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.sessionTimeout).toBe('The session timeout is a whole number from 5 to 1,440');
    expect(r.errors.userRpm).toBe('The per-user limit is at most the global limit');
    expect(r.errors['block.1']).toMatch(/CIDR/);
    expect(r.errors['block.0']).toBeUndefined();
  });
});
