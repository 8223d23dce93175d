import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GPU_HOURLY_PRICE, GpuType, Hostname, IpList, QueryBool, estimateHourlyRate } from '../../../shared/api/clusters/common';
import { ClusterErrorCode } from '../../../shared/api/clusters/errors';
import { RestartPhase, RestartRequest, StopPhase, StopRequest } from '../../../shared/api/clusters/lifecycle';
import { clustersOperations } from '../../../shared/api/clusters/operations';
import { CreatePortMappingRequest, UpdatePortMappingRequest } from '../../../shared/api/clusters/ports';
import { ProxyQuery, UpdateProxyAccessRequest, UpdateProxyRequest } from '../../../shared/api/clusters/proxy';
import { CreateSecretRequest, SecretCategory, SecretName, SecretType, UpdateSecretRequest } from '../../../shared/api/clusters/secrets';
import {
  CreateTemplateRequest,
  ListTemplatesQuery,
  UpdateTemplateRequest,
  resourceBoundIssues,
} from '../../../shared/api/clusters/templates';
import { operations } from '../../../shared/api/operations';

const ok = (s: z.ZodType, v: unknown) => s.safeParse(v).success;
const issuePaths = (s: z.ZodType, v: unknown) => {
  const r = s.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
};

describe('IP and CIDR lists', () => {
  it('accept v4 and v6 addresses and ranges', () => {
    expect(ok(IpList, ['10.0.0.1', '192.168.0.0/16', '2001:db8::1', '2001:db8::/32', '0.0.0.0/0'])).toBe(true);
  });
  it.each(['10.0.0.256', '10.0.0.0/33', '10.0.0', '2001:db8::/129', 'gggg::1', 'localhost', '10.0.0.1/', ' 10.0.0.1', ''])(
    'reject %j',
    (bad) => {
      expect(issuePaths(UpdateProxyAccessRequest, { blocked_ips: ['10.0.0.1', bad] })).toEqual(['blocked_ips.1']);
      expect(ok(UpdateProxyAccessRequest, { ip_whitelist: [bad] })).toBe(false);
    },
  );
});

describe('custom_domain', () => {
  it.each(['app.example.com', 'a-b.c1.io', 'x.y'])('accepts %s', (h) => expect(ok(Hostname, h)).toBe(true));
  it.each([
    'localhost',
    '-a.example.com',
    'a-.example.com',
    'a..b',
    'a_b.example.com',
    'exa mple.com',
    `${'a'.repeat(64)}.com`,
    'http://a.com',
    'a.com.',
  ])('rejects %s', (h) => expect(ok(Hostname, h)).toBe(false));
});

describe('port mapping create and update', () => {
  const base = { internal_port: 8888, description: 'Jupyter' };
  it('defaults protocol to tcp and leaves external_port to be assigned', () => {
    const parsed = CreatePortMappingRequest.parse(base);
    expect(parsed.protocol).toBe('tcp');
    expect(parsed.external_port).toBeUndefined();
  });
  it('bounds internal_port and external_port to 1–65535, whole numbers', () => {
    expect(ok(CreatePortMappingRequest, { ...base, internal_port: 1 })).toBe(true);
    expect(ok(CreatePortMappingRequest, { ...base, internal_port: 65535, external_port: 65535 })).toBe(true);
    for (const bad of [0, 65536, -1, 80.5]) {
      expect(issuePaths(CreatePortMappingRequest, { ...base, internal_port: bad })).toEqual(['internal_port']);
      expect(issuePaths(CreatePortMappingRequest, { ...base, external_port: bad })).toEqual(['external_port']);
    }
  });
  it('requires a description and refuses unknown fields and protocols', () => {
    expect(issuePaths(CreatePortMappingRequest, { internal_port: 80 })).toEqual(['description']);
    expect(ok(CreatePortMappingRequest, { ...base, description: '   ' })).toBe(false);
    expect(ok(CreatePortMappingRequest, { ...base, protocol: 'http' })).toBe(false);
    expect(ok(CreatePortMappingRequest, { ...base, extra: 1 })).toBe(false);
  });
  it('checks the health check: path, bounds, timeout below interval', () => {
    const hc = (h: object) => ok(CreatePortMappingRequest, { ...base, health_check: h });
    expect(CreatePortMappingRequest.parse({ ...base, health_check: {} }).health_check).toEqual({
      enabled: true,
      path: '/',
      interval_seconds: 30,
      timeout_seconds: 5,
    });
    expect(hc({ path: 'health' })).toBe(false);
    expect(hc({ interval_seconds: 4 })).toBe(false);
    expect(hc({ interval_seconds: 3601 })).toBe(false);
    expect(hc({ interval_seconds: 10, timeout_seconds: 10 })).toBe(false);
    expect(hc({ interval_seconds: 10, timeout_seconds: 9 })).toBe(true);
    expect(ok(UpdatePortMappingRequest, { health_check: { interval_seconds: 10, timeout_seconds: 20 } })).toBe(false);
    expect(ok(UpdatePortMappingRequest, { health_check: { timeout_seconds: 20 } })).toBe(true);
  });
  it('checks access control members', () => {
    const ac = (a: object) => ok(CreatePortMappingRequest, { ...base, access_control: a });
    expect(
      ac({
        allowed_users: ['usr_abc'],
        ip_whitelist: ['10.0.0.0/8'],
        rate_limit: { requests_per_minute: 100, burst_size: 10 },
        public_access: false,
      }),
    ).toBe(true);
    expect(ac({ allowed_users: ['bob'] })).toBe(false);
    expect(ac({ ip_whitelist: ['300.1.1.1'] })).toBe(false);
    expect(ac({ rate_limit: { requests_per_minute: 0, burst_size: 1 } })).toBe(false);
    expect(ac({ rate_limit: { requests_per_minute: 100_001, burst_size: 1 } })).toBe(false);
  });
  it('takes custom_domain only on create', () => {
    expect(ok(CreatePortMappingRequest, { ...base, custom_domain: 'jupyter.example.com' })).toBe(true);
    expect(ok(CreatePortMappingRequest, { ...base, custom_domain: 'jupyter' })).toBe(false);
    expect(ok(UpdatePortMappingRequest, { custom_domain: 'jupyter.example.com' })).toBe(false);
  });
});

describe('proxy', () => {
  it('reads query booleans from strings or booleans', () => {
    expect(ProxyQuery.parse({})).toEqual({
      include_health: false,
      include_access_logs: false,
      include_ssl_info: false,
      access_logs_limit: 50,
    });
    expect(ProxyQuery.parse({ include_health: 'true', include_ssl_info: true, include_access_logs: 'false' })).toEqual({
      include_health: true,
      include_access_logs: false,
      include_ssl_info: true,
      access_logs_limit: 50,
    });
    expect(ok(QueryBool, 'yes')).toBe(false);
    expect(ok(QueryBool, '1')).toBe(false);
  });
  it('bounds the access-log window and limit, and refuses a range that ends before it starts', () => {
    expect(ProxyQuery.parse({ access_logs_minutes: '15', access_logs_limit: '5000' })).toMatchObject({
      access_logs_minutes: 15,
      access_logs_limit: 5000,
    });
    expect(ProxyQuery.safeParse({ access_logs_limit: '5001' }).success).toBe(false);
    expect(ProxyQuery.safeParse({ access_logs_minutes: '0' }).success).toBe(false);
    expect(ProxyQuery.safeParse({ access_logs_minutes: '10081' }).success).toBe(false);
    expect(ProxyQuery.safeParse({ access_logs_since: 'yesterday' }).success).toBe(false);
    const backwards = ProxyQuery.safeParse({ access_logs_since: '2025-01-02T00:00:00Z', access_logs_until: '2025-01-01T00:00:00Z' });
    expect(backwards.error?.issues[0]?.path).toEqual(['access_logs_until']);
  });
  it('bounds session timeout, concurrency and rate limits', () => {
    expect(ok(UpdateProxyAccessRequest, { session_timeout_minutes: 4 })).toBe(false);
    expect(ok(UpdateProxyAccessRequest, { session_timeout_minutes: 1441 })).toBe(false);
    expect(ok(UpdateProxyAccessRequest, { max_concurrent_sessions: 0 })).toBe(false);
    expect(ok(UpdateProxyAccessRequest, { max_concurrent_sessions: 1001 })).toBe(false);
    expect(
      ok(UpdateProxyAccessRequest, {
        rate_limiting: {
          global_limit: { requests_per_minute: 100, burst_size: 10 },
          per_user_limit: { requests_per_minute: 200, burst_size: 5 },
        },
      }),
    ).toBe(false);
    expect(ok(UpdateProxyAccessRequest, { security_headers: { x_frame_options: 'ALLOW' } })).toBe(false);
    expect(
      ok(UpdateProxyAccessRequest, { default_authentication: true, security_headers: { hsts_enabled: true, x_frame_options: 'DENY' } }),
    ).toBe(true);
  });
  it('takes a partial network configuration on PUT /proxy', () => {
    expect(ok(UpdateProxyRequest, { load_balancer: { algorithm: 'ip_hash' }, compression: { algorithms: ['br'] } })).toBe(true);
    expect(ok(UpdateProxyRequest, { load_balancer: { algorithm: 'random' } })).toBe(false);
    expect(ok(UpdateProxyRequest, { compression: { algorithms: ['deflate'] } })).toBe(false);
    expect(ok(UpdateProxyRequest, { ssl_termination: 'edge' })).toBe(false);
  });
});

describe('stop and restart', () => {
  it('apply the documented defaults', () => {
    expect(StopRequest.parse({})).toEqual({
      force: false,
      grace_period_minutes: 5,
      save_state: false,
      preserve_data: true,
      wait_for_completion: false,
      timeout_minutes: 10,
    });
    expect(RestartRequest.parse({})).toMatchObject({
      force: false,
      grace_period_minutes: 5,
      wait_for_ready: false,
      timeout_minutes: 15,
      preserve_state: false,
      apply_system_updates: false,
    });
  });
  it('reject grace above 30 and timeouts above 60', () => {
    for (const s of [StopRequest, RestartRequest]) {
      expect(ok(s, { grace_period_minutes: 30, timeout_minutes: 60 })).toBe(true);
      expect(issuePaths(s, { grace_period_minutes: 31 })).toEqual(['grace_period_minutes']);
      expect(issuePaths(s, { timeout_minutes: 61 })).toEqual(['timeout_minutes']);
      expect(ok(s, { timeout_minutes: 0 })).toBe(false);
      expect(ok(s, { grace_period_minutes: -1 })).toBe(false);
    }
  });
  it('checks restart updates: env names, external port 0 = auto, snapshot ids', () => {
    expect(ok(RestartRequest, { environment_updates: { CUDA_VISIBLE_DEVICES: '0,1' } })).toBe(true);
    expect(ok(RestartRequest, { environment_updates: { 'cuda-devices': '0' } })).toBe(false);
    expect(ok(RestartRequest, { port_mapping_updates: [{ internal_port: 8080, external_port: 0, description: 'api' }] })).toBe(true);
    expect(ok(RestartRequest, { port_mapping_updates: [{ internal_port: 0, external_port: 0, description: 'api' }] })).toBe(false);
    expect(ok(RestartRequest, { restore_from_snapshot: 'snap_abc' })).toBe(true);
    expect(ok(RestartRequest, { restore_from_snapshot: 'abc' })).toBe(false);
    expect(ok(StopRequest, { notify_users: ['usr_1'], snapshot_name: 'before-upgrade' })).toBe(true);
    expect(ok(StopRequest, { snapshot_name: '' })).toBe(false);
  });
  it('keeps the phases in the document order', () => {
    expect(StopPhase.options).toEqual([
      'notifying_processes',
      'waiting_for_graceful_exit',
      'creating_snapshot',
      'terminating_resources',
      'cleaning_up',
      'completed',
    ]);
    expect(RestartPhase.options).toEqual([
      'stopping_processes',
      'creating_checkpoint',
      'updating_configuration',
      'starting_services',
      'health_checks',
      'ready',
    ]);
  });
});

describe('secrets', () => {
  const base = { name: 'HF_TOKEN', type: 'api_key', value: 'hf_x' };
  it('accept every type and category, including the values used only in create calls', () => {
    for (const type of ['api_key', 'database', 'certificate', 'file', 'generic', 'cloud_provider', 'webhook', 'monitoring'])
      expect(ok(CreateSecretRequest, { ...base, type }), type).toBe(true);
    for (const category of ['ml_services', 'databases', 'cloud_providers', 'custom', 'security', 'monitoring', 'api_authentication'])
      expect(ok(CreateSecretRequest, { ...base, category }), category).toBe(true);
    expect(SecretType.options).toHaveLength(8);
    expect(SecretCategory.options).toHaveLength(7);
    expect(ok(CreateSecretRequest, { ...base, type: 'password' })).toBe(false);
    expect(ok(CreateSecretRequest, { ...base, category: 'misc' })).toBe(false);
  });
  it('check names, values, env vars, file paths and modes', () => {
    expect(ok(SecretName, 'a'.repeat(129))).toBe(false);
    expect(ok(SecretName, 'db/password')).toBe(false);
    expect(ok(CreateSecretRequest, { ...base, value: '' })).toBe(false);
    expect(ok(CreateSecretRequest, { ...base, value: 'x'.repeat(65_537) })).toBe(false);
    expect(ok(CreateSecretRequest, { ...base, environment_variable: 'HF_TOKEN' })).toBe(true);
    expect(ok(CreateSecretRequest, { ...base, environment_variable: '1TOKEN' })).toBe(false);
    expect(ok(CreateSecretRequest, { ...base, file_path: '/etc/ssl/key.pem' })).toBe(true);
    expect(ok(CreateSecretRequest, { ...base, file_path: null })).toBe(true);
    for (const p of ['etc/key', '/etc/../root', '/etc/./x', '/']) expect(ok(CreateSecretRequest, { ...base, file_path: p }), p).toBe(false);
    expect(ok(CreateSecretRequest, { ...base, permissions: { file_mode: '0400' } })).toBe(true);
    expect(ok(CreateSecretRequest, { ...base, permissions: { file_mode: '0800' } })).toBe(false);
  });
  it('check rotation policy and tags; next_rotation is not accepted', () => {
    expect(CreateSecretRequest.parse({ ...base, rotation_policy: { enabled: true } }).rotation_policy).toEqual({
      enabled: true,
      rotation_interval_days: 90,
      notification_days_before: 7,
    });
    expect(ok(CreateSecretRequest, { ...base, rotation_policy: { enabled: true, rotation_interval_days: 366 } })).toBe(false);
    expect(ok(CreateSecretRequest, { ...base, rotation_policy: { enabled: true, notification_days_before: 91 } })).toBe(false);
    expect(ok(CreateSecretRequest, { ...base, rotation_policy: { enabled: true, next_rotation: '2027-01-01T00:00:00Z' } })).toBe(false);
    expect(ok(CreateSecretRequest, { ...base, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })).toBe(false);
    expect(ok(CreateSecretRequest, { ...base, tags: ['x'.repeat(51)] })).toBe(false);
  });
  it('update refuses a rename and accepts a new value', () => {
    expect(ok(UpdateSecretRequest, { name: 'other' })).toBe(false);
    expect(ok(UpdateSecretRequest, { value: 'rotated' })).toBe(true);
    expect(ok(UpdateSecretRequest, {})).toBe(true);
  });
});

describe('templates', () => {
  const base = {
    name: 'PyTorch',
    description: 'Training',
    category: 'ml',
    container_image: 'nvcr.io/nvidia/pytorch:24.01-py3',
    default_configuration: { gpu_type: 'A100_80GB', gpu_count: 2, cpu_cores: 16, memory_gb: 128, storage_gb: 500 },
  };
  it('accepts image references and refuses malformed ones', () => {
    for (const img of ['ubuntu', 'pytorch/pytorch:2.3.0-cuda12.1-cudnn8-runtime', 'localhost:5000/team/app@sha256:' + 'a'.repeat(64)])
      expect(ok(CreateTemplateRequest, { ...base, container_image: img }), img).toBe(true);
    for (const img of ['', 'Ubuntu', 'a b', 'repo:', 'http://x/y'])
      expect(ok(CreateTemplateRequest, { ...base, container_image: img }), img).toBe(false);
  });
  it('requires min ≤ default ≤ max for each resource given', () => {
    expect(ok(CreateTemplateRequest, { ...base, min_resources: { gpu_count: 1 }, max_resources: { gpu_count: 8, memory_gb: 512 } })).toBe(
      true,
    );
    expect(issuePaths(CreateTemplateRequest, { ...base, min_resources: { cpu_cores: 32 } })).toEqual(['default_configuration.cpu_cores']);
    expect(issuePaths(CreateTemplateRequest, { ...base, max_resources: { memory_gb: 64 } })).toEqual(['default_configuration.memory_gb']);
    expect(
      issuePaths(CreateTemplateRequest, {
        ...base,
        default_configuration: { ...base.default_configuration, gpu_count: 4 },
        min_resources: { gpu_count: 8 },
        max_resources: { gpu_count: 2 },
      }),
    ).toEqual(expect.arrayContaining(['min_resources.gpu_count']));
    expect(issuePaths(UpdateTemplateRequest, { min_resources: { storage_gb: 100 }, max_resources: { storage_gb: 50 } })).toEqual([
      'min_resources.storage_gb',
    ]);
    expect(
      resourceBoundIssues({ default_configuration: { gpu_count: 1 }, min_resources: { gpu_count: 1 }, max_resources: { gpu_count: 1 } }),
    ).toEqual([]);
  });
  it('bounds the default configuration and defaults is_public to false', () => {
    expect(CreateTemplateRequest.parse(base).is_public).toBe(false);
    expect(ok(CreateTemplateRequest, { ...base, default_configuration: { ...base.default_configuration, gpu_count: 17 } })).toBe(false);
    expect(ok(CreateTemplateRequest, { ...base, default_configuration: { ...base.default_configuration, storage_gb: 9 } })).toBe(false);
    expect(ok(CreateTemplateRequest, { ...base, default_configuration: { ...base.default_configuration, gpu_type: 'V100' } })).toBe(false);
    expect(ok(CreateTemplateRequest, { ...base, framework: 'jax' })).toBe(false);
    const { description: _omit, ...noDescription } = base;
    expect(issuePaths(CreateTemplateRequest, noDescription)).toEqual(['description']);
  });
  it('takes a three-part numeric version on update', () => {
    expect(ok(UpdateTemplateRequest, { version: '1.2.3', version_notes: 'CUDA 12.4' })).toBe(true);
    for (const v of ['1.2', '1.2.3.4', 'v1.2.3', '1.2.x', '1.2.3-beta']) expect(ok(UpdateTemplateRequest, { version: v }), v).toBe(false);
    expect(ok(CreateTemplateRequest, { ...base, version: '1.0.0' })).toBe(false);
  });
  it('lists with include_deprecated false and name order by default', () => {
    expect(ListTemplatesQuery.parse({})).toEqual({ sort_by: 'name', include_deprecated: false });
    expect(ListTemplatesQuery.parse({ official: 'true', gpu_compatible: 'false' })).toMatchObject({
      official: true,
      gpu_compatible: false,
    });
    expect(ok(ListTemplatesQuery, { sort_by: 'price' })).toBe(false);
  });
});

describe('prices, error codes and the operation table', () => {
  it('prices every GPU type and rounds rates to cents', () => {
    for (const t of GpuType.options) expect(GPU_HOURLY_PRICE[t]).toBeGreaterThan(0);
    expect(estimateHourlyRate({ gpu_type: 'H100', gpu_count: 2, cpu_cores: 0, memory_gb: 0, storage_gb: 0 })).toBe(7.98);
    expect(estimateHourlyRate({ gpu_type: 'T4', gpu_count: 1, cpu_cores: 4, memory_gb: 16, storage_gb: 100 })).toBe(0.63);
  });
  it('names INVALID_STATE and the chosen not-found codes', () => {
    expect(ClusterErrorCode.options).toEqual(
      expect.arrayContaining([
        'INVALID_STATE',
        'CLUSTER_NOT_FOUND',
        'PORT_CONFLICT',
        'SECRET_EXISTS',
        'OFFICIAL_TEMPLATE_READ_ONLY',
        'STORAGE_CANNOT_SHRINK',
      ]),
    );
  });
  it('registers every cluster operation in the shared table, in the cluster envelope', () => {
    for (const [id, op] of Object.entries(clustersOperations)) {
      expect(operations[id as keyof typeof operations], id).toBe(op);
      expect(op.envelope).toBe('cluster');
      expect(op.scope).toBe('clusters');
      expect(op.path.startsWith('/v1/clusters')).toBe(true);
      // A JSON success is in the cluster envelope; an event stream (logs/stream) has no JSON form,
      // and a download is the file itself.
      if (id === 'clusters.logs.download') continue;
      const media: Readonly<Record<string, z.ZodType>> = 'successMedia' in op && op.successMedia ? op.successMedia : {};
      const jsonSuccess = 'successMedia' in op && op.successMedia ? media['application/json'] : op.response;
      if (jsonSuccess) {
        const json = z.toJSONSchema(jsonSuccess, { io: 'output', unrepresentable: 'any' }) as { required?: string[] };
        expect(json.required, id).toEqual(['success', 'data', 'meta']);
      } else {
        expect(Object.keys(media), id).toEqual(['text/event-stream']);
      }
      if ('query' in op) expect(() => z.toJSONSchema(op.query, { io: 'input', unrepresentable: 'any' }), id).not.toThrow();
    }
    const routes = Object.values(clustersOperations)
      .map((op) => `${op.method} ${op.path}`)
      .sort();
    const c = '/v1/clusters';
    expect(routes).toEqual(
      [
        `GET ${c}`,
        `GET ${c}/:cluster_id`,
        `GET ${c}/:cluster_id/proxy`,
        `PUT ${c}/:cluster_id/proxy`,
        `PUT ${c}/:cluster_id/proxy/access`,
        `POST ${c}/:cluster_id/proxy/ports`,
        `PUT ${c}/:cluster_id/proxy/ports/:port_id`,
        `DELETE ${c}/:cluster_id/proxy/ports/:port_id`,
        `GET ${c}/:cluster_id/secrets`,
        `POST ${c}/:cluster_id/secrets`,
        `GET ${c}/:cluster_id/secrets/:secret_name`,
        `PUT ${c}/:cluster_id/secrets/:secret_name`,
        `DELETE ${c}/:cluster_id/secrets/:secret_name`,
        `GET ${c}/templates`,
        `POST ${c}/templates`,
        `GET ${c}/templates/:template_id`,
        `PUT ${c}/templates/:template_id`,
        `DELETE ${c}/templates/:template_id`,
        `GET ${c}/:cluster_id/metrics`,
        `GET ${c}/:cluster_id/metrics/historical`,
        `GET ${c}/:cluster_id/metrics/aggregated`,
        `POST ${c}/:cluster_id/metrics/custom`,
        `GET ${c}/:cluster_id/logs`,
        `GET ${c}/:cluster_id/logs/stream`,
        `POST ${c}/:cluster_id/logs/search`,
        `GET ${c}/:cluster_id/logs/download`,
        `POST ${c}/:cluster_id/stop`,
        `POST ${c}/:cluster_id/restart`,
      ].sort(),
    );
  });
});
