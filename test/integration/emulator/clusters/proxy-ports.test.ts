// Proxy configuration, access control and port mappings over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortMappingResponse } from '../../../../shared/api/clusters/ports';
import { ProxyResponse } from '../../../../shared/api/clusters/proxy';
import { errorOf, startClusters, type ClusterTarget } from './harness';

let t: ClusterTarget;
let id: string;
beforeAll(async () => {
  t = await startClusters();
  id = (await t.cluster('llm-pretraining')).id;
});
afterAll(() => t.close());

describe('proxy', () => {
  it('answers the configuration, with health, access logs and SSL only when asked', async () => {
    const plain = ProxyResponse.parse((await t.call('GET', `/v1/clusters/${id}/proxy`)).body);
    expect(plain.data.proxy_status).toBe('active');
    expect(plain.data.ssl_certificate).toBeUndefined();
    expect(plain.data.access_logs).toBeUndefined();
    expect(plain.data.port_mappings.every((p) => p.health_status === undefined)).toBe(true);
    expect(plain.meta).toMatchObject({ total_port_mappings: 3, active_port_mappings: 3, proxy_version: expect.any(String) });

    const full = ProxyResponse.parse(
      (await t.call('GET', `/v1/clusters/${id}/proxy?include_health=true&include_access_logs=true&include_ssl_info=true`)).body,
    );
    expect(full.data.ssl_certificate).toMatchObject({ status: 'valid', issuer: expect.any(String) });
    expect(full.data.port_mappings.every((p) => p.health_status !== undefined)).toBe(true);
    const logs = full.data.access_logs!;
    expect(logs.length).toBe(50);
    const times = logs.map((l) => Date.parse(l.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times); // newest first
    expect(logs.every((l) => l.client_ip.length > 0 && l.path.startsWith('/'))).toBe(true);
    // Generated from the clock: an hour later the newest entries are new ones.
    await t.advance(3600);
    const later = (await t.call('GET', `/v1/clusters/${id}/proxy?include_access_logs=true`)).body.data.access_logs;
    expect(Date.parse(later[0].timestamp)).toBeGreaterThan(times[0]! + 3_000_000);
  });

  it('reads access logs over a window of the server clock, beyond 50 entries, and says when the limit cut it', async () => {
    const now = await t.now();
    const hour = ProxyResponse.parse(
      (await t.call('GET', `/v1/clusters/${id}/proxy?include_access_logs=true&access_logs_minutes=60&access_logs_limit=5000`)).body,
    );
    const logs = hour.data.access_logs!;
    // One entry per 20 s of simulated time: about 180 in an hour, none outside it, none in the future.
    expect(logs.length).toBeGreaterThanOrEqual(178);
    expect(logs.length).toBeLessThanOrEqual(181);
    // The window is the server's last hour (its clock runs on while the test reads it).
    const window = hour.meta.access_logs!;
    const until = Date.parse(window.until);
    expect(until).toBeGreaterThanOrEqual(now);
    expect(until - Date.parse(window.since!)).toBe(3_600_000);
    expect(window).toMatchObject({ limit: 5000, truncated: false });
    const times = logs.map((l) => Date.parse(l.timestamp));
    expect(times.every((x) => x >= until - 3_600_000 && x <= until)).toBe(true);
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const cut = ProxyResponse.parse(
      (await t.call('GET', `/v1/clusters/${id}/proxy?include_access_logs=true&access_logs_minutes=60&access_logs_limit=10`)).body,
    );
    expect(cut.data.access_logs).toEqual(logs.slice(0, 10));
    expect(cut.meta.access_logs).toMatchObject({ limit: 10, truncated: true });

    const since = new Date(now - 7_200_000).toISOString();
    const end = new Date(now - 3_600_000).toISOString();
    const custom = ProxyResponse.parse(
      (
        await t.call(
          'GET',
          `/v1/clusters/${id}/proxy?include_access_logs=true&access_logs_since=${since}&access_logs_until=${end}&access_logs_limit=5000`,
        )
      ).body,
    );
    const customTimes = custom.data.access_logs!.map((l) => Date.parse(l.timestamp));
    expect(customTimes.length).toBeGreaterThanOrEqual(178);
    expect(customTimes.every((x) => x >= Date.parse(since) && x <= Date.parse(end))).toBe(true);

    for (const bad of ['access_logs_limit=5001', 'access_logs_minutes=0', `access_logs_since=${end}&access_logs_until=${since}`]) {
      expect(errorOf(await t.call('GET', `/v1/clusters/${id}/proxy?include_access_logs=true&${bad}`))).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    }
  });

  it('changes the network configuration partially (PUT /proxy)', async () => {
    const r = await t.call('PUT', `/v1/clusters/${id}/proxy`, {
      body: { load_balancer: { algorithm: 'least_connections' }, websocket_support: false },
    });
    expect(r.status).toBe(200);
    const n = ProxyResponse.parse(r.body).data.network_configuration;
    expect(n.load_balancer).toEqual({ enabled: true, algorithm: 'least_connections', health_check_enabled: true });
    expect(n.websocket_support).toBe(false);
    expect(n.compression.algorithms).toEqual(['gzip', 'br']);
    expect(errorOf(await t.call('PUT', `/v1/clusters/${id}/proxy`, { body: { ssl_termination: 'none' } }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
  });

  it('changes access control, refusing malformed addresses and inconsistent limits', async () => {
    const r = await t.call('PUT', `/v1/clusters/${id}/proxy/access`, {
      body: {
        session_timeout_minutes: 90,
        ip_whitelist: ['10.1.0.0/16', '2001:db8::/32', '192.0.2.7'],
        security_headers: { x_frame_options: 'DENY' },
      },
    });
    expect(r.status).toBe(200);
    const a = ProxyResponse.parse(r.body).data.access_control;
    expect(a).toMatchObject({ session_timeout_minutes: 90, ip_whitelist: ['10.1.0.0/16', '2001:db8::/32', '192.0.2.7'] });
    expect(a.security_headers).toMatchObject({ x_frame_options: 'DENY', hsts_enabled: true });

    const bad = await t.call('PUT', `/v1/clusters/${id}/proxy/access`, { body: { blocked_ips: ['10.0.0.1', '10.0.0.300'] } });
    expect(errorOf(bad)).toMatchObject({
      status: 400,
      code: 'INVALID_IP_ADDRESS',
      details: { field: 'blocked_ips.1', value: '10.0.0.300' },
    });
    const cidr = await t.call('PUT', `/v1/clusters/${id}/proxy/access`, { body: { ip_whitelist: ['10.0.0.0/33'] } });
    expect(errorOf(cidr).code).toBe('INVALID_IP_ADDRESS');
    const timeout = await t.call('PUT', `/v1/clusters/${id}/proxy/access`, { body: { session_timeout_minutes: 2 } });
    expect(errorOf(timeout)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details: { field: 'session_timeout_minutes' } });
    // Only the per-user limit sent, above the stored global limit (6000/min).
    const limit = await t.call('PUT', `/v1/clusters/${id}/proxy/access`, {
      body: { rate_limiting: { per_user_limit: { requests_per_minute: 7000, burst_size: 10 } } },
    });
    expect(errorOf(limit)).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      details: { field: 'rate_limiting.per_user_limit.requests_per_minute' },
    });
    expect(errorOf(await t.call('PUT', '/v1/clusters/cluster_none/proxy/access', { body: {} })).code).toBe('CLUSTER_NOT_FOUND');
  });
});

describe('port mappings', () => {
  it('creates with an auto-assigned external port, unique on the cluster, and the url from the proxy', async () => {
    const r = await t.call('POST', `/v1/clusters/${id}/proxy/ports`, { body: { internal_port: 5000, description: 'Flask app' } });
    expect(r.status).toBe(201);
    const port = PortMappingResponse.parse(r.body).data;
    expect(port).toMatchObject({ internal_port: 5000, protocol: 'tcp', status: 'active', external_port: 30003 }); // 30000-30002 are taken
    const proxy = (await t.call('GET', `/v1/clusters/${id}/proxy`)).body.data;
    expect(port.url).toBe(`${proxy.proxy_url}:30003`);
    expect(proxy.port_mappings.map((p: { id: string }) => p.id)).toContain(port.id);
    expect(port.health_check).toMatchObject({ enabled: true, path: '/', interval_seconds: 30, timeout_seconds: 5 });
    expect(port.access_control).toMatchObject({ authentication_required: true, public_access: false });
  });

  it('takes an explicit external port and refuses a taken one with PORT_CONFLICT', async () => {
    const r = await t.call('POST', `/v1/clusters/${id}/proxy/ports`, {
      body: {
        internal_port: 9000,
        external_port: 40000,
        protocol: 'udp',
        description: 'Metrics push',
        custom_domain: 'Metrics.Example.com',
        health_check: { path: '/healthz', interval_seconds: 20, timeout_seconds: 3 },
        access_control: { ip_whitelist: ['10.0.0.0/8'], rate_limit: { requests_per_minute: 100, burst_size: 10 } },
      },
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ external_port: 40000, protocol: 'udp', custom_domain: 'metrics.example.com' });
    const again = await t.call('POST', `/v1/clusters/${id}/proxy/ports`, {
      body: { internal_port: 9001, external_port: 40000, description: 'dup' },
    });
    // The details name the mapping that holds the port, for a client to say which one.
    expect(errorOf(again)).toEqual({
      status: 409,
      code: 'PORT_CONFLICT',
      details: { field: 'external_port', external_port: 40000, port_id: r.body.data.id, internal_port: 9000, description: 'Metrics push' },
    });
  });

  it('validates the create body', async () => {
    const post = (body: unknown) => t.call('POST', `/v1/clusters/${id}/proxy/ports`, { body });
    expect(errorOf(await post({ internal_port: 0, description: 'x' }))).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'internal_port' },
    });
    expect(errorOf(await post({ internal_port: 70000, description: 'x' })).code).toBe('VALIDATION_ERROR');
    expect(errorOf(await post({ internal_port: 80 }))).toMatchObject({ details: { field: 'description' } });
    expect(errorOf(await post({ internal_port: 80, description: 'x', protocol: 'http' })).code).toBe('VALIDATION_ERROR');
    expect(errorOf(await post({ internal_port: 80, description: 'x', custom_domain: 'not a host' }))).toMatchObject({
      details: { field: 'custom_domain' },
    });
    expect(
      errorOf(await post({ internal_port: 80, description: 'x', health_check: { interval_seconds: 10, timeout_seconds: 10 } })),
    ).toMatchObject({ details: { field: 'health_check.timeout_seconds' } });
    expect(errorOf(await post({ internal_port: 80, description: 'x', access_control: { ip_whitelist: ['nope'] } }))).toMatchObject({
      code: 'INVALID_IP_ADDRESS',
      details: { field: 'access_control.ip_whitelist.0' },
    });
  });

  it('updates partially, re-checking the merged health check, and deletes', async () => {
    const created = (await t.call('POST', `/v1/clusters/${id}/proxy/ports`, { body: { internal_port: 7000, description: 'Temp' } })).body
      .data;
    const upd = await t.call('PUT', `/v1/clusters/${id}/proxy/ports/${created.id}`, {
      body: { description: 'Renamed', access_control: { public_access: true } },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({
      description: 'Renamed',
      external_port: created.external_port,
      access_control: { public_access: true, authentication_required: true },
    });
    // Stored interval is 30 s: a timeout of 30 s alone breaks timeout < interval after merging.
    const merged = await t.call('PUT', `/v1/clusters/${id}/proxy/ports/${created.id}`, { body: { health_check: { timeout_seconds: 30 } } });
    expect(errorOf(merged)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details: { field: 'health_check.timeout_seconds' } });
    const unknownField = await t.call('PUT', `/v1/clusters/${id}/proxy/ports/${created.id}`, { body: { external_port: 1 } });
    expect(errorOf(unknownField).code).toBe('VALIDATION_ERROR');
    const del = await t.call('DELETE', `/v1/clusters/${id}/proxy/ports/${created.id}`);
    expect(del.body.data).toMatchObject({ id: created.id, deleted: true });
    expect(errorOf(await t.call('DELETE', `/v1/clusters/${id}/proxy/ports/${created.id}`))).toMatchObject({
      status: 404,
      code: 'PORT_NOT_FOUND',
      details: { port_id: created.id },
    });
    expect(errorOf(await t.call('PUT', `/v1/clusters/${id}/proxy/ports/bogus`, { body: {} })).code).toBe('PORT_NOT_FOUND');
    // The freed external port is handed out again.
    const reuse = await t.call('POST', `/v1/clusters/${id}/proxy/ports`, { body: { internal_port: 7001, description: 'Reuse' } });
    expect(reuse.body.data.external_port).toBe(created.external_port);
  });
});
