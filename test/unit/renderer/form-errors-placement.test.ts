// Issue 8 #3–#6 in the forms' logic: a blocked submit has its reason on a field the dialog
// shows, in plain words; API errors land on the field they concern; one rule per meaning.
import { describe, expect, it } from 'vitest';
import type { Secret } from '../../../shared/api/clusters/secrets';
import { DESCRIPTION_MAX, type PortMapping } from '../../../shared/api/clusters/ports';
import type { NormalizedError } from '../../../shared/api/errors';
import {
  emptySecretForm,
  formOf,
  PAST_EXPIRY,
  SECRET_FIELDS,
  secretApiErrorFields,
  toCreateSecret,
  toUpdateSecret,
} from '../../../renderer/src/features/clusters/clusters/secrets/secret-form';
import { emptyPortForm, portApiErrorFields, toCreatePortRequest } from '../../../renderer/src/features/clusters/clusters/proxy/port-form';
import { accessApiErrorFields } from '../../../renderer/src/features/clusters/clusters/proxy/access-form';
import {
  defaultRestartForm,
  restartApiErrorFields,
  RESTART_FIELDS,
  toRestartRequest,
} from '../../../renderer/src/features/clusters/clusters/lifecycle/restart-form';
import { defaultStopForm, toStopRequest } from '../../../renderer/src/features/clusters/clusters/lifecycle/stop-form';
import {
  emptyTemplateForm,
  formHourlyCost,
  TEMPLATE_FIELDS,
  templateApiErrorFields,
  toCreateTemplate,
} from '../../../renderer/src/features/clusters/templates/template-form';
import { clusterFixture } from './cluster-fixture';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const VALIDATOR_TEXT = /expected|Too (big|small)|<=|>=|_gb|_count|_minutes/;
const apiError = (code: string, details: Record<string, unknown>, message = 'refused'): NormalizedError =>
  ({ code, message, status: 400, details, source: 'cluster' }) as NormalizedError;

const validSecret = () => ({ ...emptySecretForm(), name: 'hf-token', value: 'hf_xxx' });

describe('secret form', () => {
  it('shows a 51–100 character tag on the Tags field, naming the tag (not on an invisible tags.3)', () => {
    const long = 'x'.repeat(60);
    const r = toCreateSecret({ ...validSecret(), tags: `a, b, c, ${long}` }, NOW);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors)).toEqual(['tags']);
    expect(r.errors.tags).toMatch(/“x{24}…” has 60 characters; a tag has at most 50/);
    // Every error key it can give is one the dialog shows.
    expect(Object.keys(r.errors).every((k) => k in SECRET_FIELDS)).toBe(true);
  });

  it('says in plain words what an out-of-range or over-long field needs', () => {
    const r = toCreateSecret(
      { ...validSecret(), description: 'd'.repeat(1001), rotation: { enabled: true, intervalDays: '0', notifyDaysBefore: '0' } },
      NOW,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.description).toBe('At most 1,000 characters');
    expect(r.errors['rotation_policy.rotation_interval_days']).toBe('1 to 365');
    expect(Object.values(r.errors).join(' ')).not.toMatch(VALIDATOR_TEXT);
  });

  it('refuses an expiry already past, on its field; today is still fine', () => {
    const past = toCreateSecret({ ...validSecret(), expiresOn: '2026-02-28' }, NOW);
    expect(past.ok ? null : past.errors.expiration_date).toBe(PAST_EXPIRY);
    expect(toCreateSecret({ ...validSecret(), expiresOn: '2026-03-02' }, NOW).ok).toBe(true);
  });

  it('edits an expired secret without resending its past expiry, but refuses setting a new past one', () => {
    const expired: Secret = {
      name: 'old',
      description: null,
      type: 'generic',
      category: 'custom',
      environment_variable: 'OLD',
      file_path: null,
      encrypted: true,
      expiration_date: '2026-01-10T22:59:59.000Z',
      expired: true,
      rotation_policy: { enabled: false, rotation_interval_days: 90, next_rotation: null, notification_days_before: 7 },
      permissions: { read_only: true, file_mode: null, allowed_users: [], allowed_roles: [] },
      usage_statistics: { last_accessed: null, access_count: 0 },
      tags: [],
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    };
    const same = toUpdateSecret({ ...formOf(expired), description: 'still here' }, expired, NOW);
    expect(same.ok).toBe(true);
    if (same.ok) expect(same.request).not.toHaveProperty('expiration_date');
    const other = toUpdateSecret({ ...formOf(expired), expiresOn: '2026-02-01' }, expired, NOW);
    expect(other.ok ? null : other.errors.expiration_date).toBe(PAST_EXPIRY);
  });

  it('puts SECRET_EXISTS on the name and a refused past expiry on the expiry, each cleared by its own member', () => {
    const form = { ...validSecret(), name: 'HF_TOKEN' };
    expect(secretApiErrorFields(apiError('SECRET_EXISTS', { name: 'HF_TOKEN' }), form)).toEqual([
      { key: 'name', member: 'name', message: 'A secret named HF_TOKEN already exists on this cluster; choose another name' },
    ]);
    expect(secretApiErrorFields(apiError('VALIDATION_ERROR', { field: 'expiration_date', reason: 'must be in the future' }), form)).toEqual(
      [{ key: 'expiration_date', member: 'expiresOn', message: PAST_EXPIRY }],
    );
    expect(
      secretApiErrorFields(
        apiError('VALIDATION_ERROR', { field: 'tags.3', reason: 'Too big: expected string to have <=50 characters' }),
        form,
      ),
    ).toEqual([{ key: 'tags', member: 'tags', message: 'At most 50 characters' }]);
    expect(secretApiErrorFields(apiError('INSUFFICIENT_PERMISSIONS', {}), form)).toBeNull();
  });
});

describe('port form', () => {
  const tensorboard = { id: 'port_tb', internal_port: 6006, external_port: 30001, description: 'TensorBoard' } as PortMapping;

  it('puts PORT_CONFLICT on the external port, naming the mapping from the details, and suggests auto-assign', () => {
    const [placed] = portApiErrorFields(
      apiError('PORT_CONFLICT', {
        field: 'external_port',
        external_port: 30001,
        port_id: 'port_tb',
        internal_port: 6006,
        description: 'TensorBoard',
      }),
      [],
    )!;
    expect(placed).toEqual({
      key: 'externalPort',
      member: 'externalPort',
      message: '30001 is taken by 6006 → 30001, TensorBoard. Leave it blank to assign a free port automatically',
    });
  });

  it('names the mapping from the cluster’s port list when the details only give its id', () => {
    const [placed] = portApiErrorFields(apiError('PORT_CONFLICT', { external_port: 30001, port_id: 'port_tb' }), [tensorboard])!;
    expect(placed!.message).toMatch(/^30001 is taken by 6006 → 30001, TensorBoard\./);
  });

  it('puts an invalid allow-list address on its row', () => {
    expect(
      portApiErrorFields(apiError('INVALID_IP_ADDRESS', { field: 'access_control.ip_whitelist.2', reason: 'an IPv4 or IPv6 address' }), []),
    ).toEqual([{ key: 'ip.2', member: 'ipWhitelist', message: 'An IPv4 or IPv6 address' }]);
  });

  it('gives plain words for an over-long description', () => {
    const r = toCreatePortRequest({ ...emptyPortForm(), internalPort: '8080', description: 'd'.repeat(DESCRIPTION_MAX + 1) });
    expect(r.ok ? null : r.errors.description).toBe(`At most ${DESCRIPTION_MAX.toLocaleString('en-US')} characters`);
  });
});

describe('proxy access form', () => {
  it('puts the per-user limit above the global one on the per-user field', () => {
    const placed = accessApiErrorFields(
      apiError('VALIDATION_ERROR', {
        field: 'rate_limiting.per_user_limit.requests_per_minute',
        reason: 'the per-user limit (900) is at most the global limit (600)',
      }),
    );
    expect(placed).toEqual([{ key: 'userRpm', member: 'userRpm', message: 'The per-user limit (900) is at most the global limit (600)' }]);
  });
});

describe('restart and stop forms', () => {
  const cluster = clusterFixture();

  it('gives the real range of a number, never validator text or API names', () => {
    const r = toRestartRequest({ ...defaultRestartForm(), memoryGb: '4096', gpuCount: '-1', gracePeriodMinutes: '-1' }, cluster);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors['update_configuration.memory_gb']).toBe('1 to 2,048');
    expect(r.errors['update_configuration.gpu_count']).toBe('0 to 16');
    expect(r.errors.grace_period_minutes).toBe('0 to 30');
    expect(Object.keys(r.errors).every((k) => k in RESTART_FIELDS)).toBe(true);
    const stop = toStopRequest({ ...defaultStopForm(), gracePeriodMinutes: '-1' });
    expect(stop.ok ? null : stop.errors.grace_period_minutes).toBe('0 to 30');
  });

  it('takes a region only from the known ones', () => {
    const bad = toRestartRequest({ ...defaultRestartForm(), region: 'mars-north-1' }, cluster);
    expect(bad.ok ? null : bad.errors['update_configuration.region']).toMatch(/^One of us-east-1, /);
    const good = toRestartRequest({ ...defaultRestartForm(), region: 'eu-west-1' }, cluster);
    expect(good.ok && good.request.update_configuration?.region).toBe('eu-west-1');
  });

  it('puts the service’s refusals on the field they concern', () => {
    const form = defaultRestartForm();
    expect(restartApiErrorFields(apiError('STORAGE_CANNOT_SHRINK', { current_storage_gb: 500, requested_storage_gb: 100 }), form)).toEqual([
      { key: 'update_configuration.storage_gb', member: 'storageGb', message: 'Storage can only grow: at least 500 GB' },
    ]);
    expect(restartApiErrorFields(apiError('GPU_UNAVAILABLE', { gpu_type: 'H100', requested: 9, available: 8 }), form)![0]).toMatchObject({
      key: 'update_configuration.gpu_count',
      message: 'At most 8 available to one cluster',
    });
    expect(restartApiErrorFields(apiError('INVALID_STATE', { current_status: 'stopping' }), form)).toBeNull();
  });
});

describe('template form', () => {
  const valid = () => ({ ...emptyTemplateForm(), name: 'n', description: 'd', category: 'ml' as const, containerImage: 'img:1' });

  it('shows an over-long tag on Tags, and every error on a field the dialog shows', () => {
    const r = toCreateTemplate({ ...valid(), tags: `a, b, c, ${'t'.repeat(60)}` });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors)).toEqual(['tags']);
    expect(r.errors.tags).toBe(`“${'t'.repeat(24)}…” has 60 characters; a tag has at most 50`);
    expect(Object.keys(r.errors).every((k) => k in TEMPLATE_FIELDS)).toBe(true);
  });

  it('names no API field in the bounds message', () => {
    const r = toCreateTemplate({ ...valid(), max: { ...valid().max, cpu_cores: '4' } });
    expect(r.ok ? null : r.errors['default_configuration.cpu_cores']).toBe('The default is at most the maximum (4)');
  });

  it('estimates no cost for defaults out of range or outside their bounds', () => {
    expect(formHourlyCost(valid())).toBeGreaterThan(0);
    expect(formHourlyCost({ ...valid(), defaults: { ...valid().defaults, gpu_count: '99' } })).toBeNull();
    expect(formHourlyCost({ ...valid(), max: { ...valid().max, cpu_cores: '4' } })).toBeNull();
  });

  it('puts TEMPLATE_NAME_EXISTS on the name', () => {
    expect(templateApiErrorFields(apiError('TEMPLATE_NAME_EXISTS', { name: 'n' }), valid())).toEqual([
      { key: 'name', member: 'name', message: 'A template named n already exists in this project; choose another name' },
    ]);
  });
});
