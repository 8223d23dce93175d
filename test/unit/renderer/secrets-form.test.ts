import { describe, expect, it } from 'vitest';
import type { Secret } from '../../../shared/api/clusters/secrets';
import {
  emptySecretForm,
  formOf,
  toCreateSecret,
  toRotationPolicy,
  toUpdateSecret,
} from '../../../renderer/src/features/clusters/clusters/secrets/secret-form';
import { expiryState, provisionalRows } from '../../../renderer/src/features/clusters/clusters/secrets/secret-status';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----\n';
const NOW = Date.parse('2026-03-01T12:00:00Z');

/** Whether a typed search keeps the secret: the provisional rows of a list of that one secret. */
const matchesSearch = (s: Pick<Secret, 'name' | 'description'>, search: string): boolean =>
  provisionalRows(search, null, { type: '', category: '', secrets: [s] }, { type: '', category: '' })?.length === 1;

function secret(patch: Partial<Secret> = {}): Secret {
  return {
    name: 'hf-token',
    description: null,
    type: 'api_key',
    category: 'ml_services',
    environment_variable: 'HF_TOKEN',
    file_path: null,
    encrypted: true,
    expiration_date: null,
    expired: false,
    rotation_policy: { enabled: false, rotation_interval_days: 90, next_rotation: null, notification_days_before: 7 },
    permissions: { read_only: false, file_mode: null, allowed_users: [], allowed_roles: [] },
    usage_statistics: { last_accessed: null, access_count: 0 },
    tags: ['ml'],
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...patch,
  };
}

describe('toCreateSecret', () => {
  it('builds a request the shared schema accepts', () => {
    const r = toCreateSecret({
      ...emptySecretForm(),
      name: 'hf-token',
      type: 'api_key',
      category: 'ml_services',
      value: 's3cret',
      environmentVariable: 'HF_TOKEN',
      tags: 'ml, prod',
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.request).toMatchObject({
      name: 'hf-token',
      type: 'api_key',
      category: 'ml_services',
      value: 's3cret',
      environment_variable: 'HF_TOKEN',
      tags: ['ml', 'prod'],
    });
    expect(r.request.file_path).toBeUndefined();
  });

  it('requires a value and a valid name, inline', () => {
    const r = toCreateSecret({ ...emptySecretForm(), name: 'bad name!' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.value).toBe('A value is required');
    expect(r.errors.name).toMatch(/^Letters, digits/);
  });

  it('file secrets need a mount path and a valid mode', () => {
    const missing = toCreateSecret({ ...emptySecretForm(), name: 'cfg', type: 'file', value: '{}', filePath: '' });
    expect(!missing.ok && missing.errors.file_path).toMatch(/path/);
    const badMode = toCreateSecret({
      ...emptySecretForm(),
      name: 'cfg',
      type: 'file',
      value: '{}',
      filePath: '/etc/app/cfg.json',
      fileMode: '999',
    });
    expect(!badMode.ok && badMode.errors['permissions.file_mode']).toMatch(/octal/);
    const ok = toCreateSecret({
      ...emptySecretForm(),
      name: 'cfg',
      type: 'file',
      value: '{}',
      filePath: '/etc/app/cfg.json',
      fileMode: '0440',
    });
    expect(ok.ok && ok.request.permissions).toEqual({ read_only: true, file_mode: '0440' });
  });

  it('certificates need a PEM block', () => {
    const bad = toCreateSecret({ ...emptySecretForm(), name: 'tls', type: 'certificate', value: 'not a pem' });
    expect(!bad.ok && bad.errors.value).toMatch(/PEM/);
    expect(toCreateSecret({ ...emptySecretForm(), name: 'tls', type: 'certificate', value: PEM }).ok).toBe(true);
  });

  it('validates the rotation policy: notice before the interval ends', () => {
    const r = toCreateSecret({
      ...emptySecretForm(),
      name: 'k',
      value: 'v',
      rotation: { enabled: true, intervalDays: '7', notifyDaysBefore: '7' },
    });
    expect(!r.ok && r.errors['rotation_policy.notification_days_before']).toMatch(/before/);
  });
});

describe('toUpdateSecret', () => {
  it('keeps the stored value when the field is empty; clears a removed expiry with null', () => {
    const original = secret({ expiration_date: '2026-06-01T00:00:00Z' });
    const r = toUpdateSecret({ ...formOf(original), expiresOn: '' }, original);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect('value' in r.request).toBe(false);
    expect(r.request.expiration_date).toBeNull();
  });

  it('a new value rotates it', () => {
    const original = secret();
    const r = toUpdateSecret({ ...formOf(original), value: 'new-value' }, original);
    expect(r.ok && r.request.value).toBe('new-value');
  });
});

describe('toRotationPolicy', () => {
  it('parses the numbers and refuses out-of-range ones', () => {
    expect(toRotationPolicy({ enabled: true, intervalDays: '30', notifyDaysBefore: '5' })).toEqual({
      ok: true,
      request: { enabled: true, rotation_interval_days: 30, notification_days_before: 5 },
    });
    const r = toRotationPolicy({ enabled: true, intervalDays: '400', notifyDaysBefore: '5' });
    expect(!r.ok && r.errors['rotation_policy.rotation_interval_days']).toBeTruthy();
  });
});

describe('expiryState', () => {
  it('badges expired and expiring within 14 days', () => {
    expect(expiryState({ expired: false, expiration_date: null }, NOW)).toBe('never');
    expect(expiryState({ expired: true, expiration_date: '2027-01-01T00:00:00Z' }, NOW)).toBe('expired');
    expect(expiryState({ expired: false, expiration_date: '2026-02-28T00:00:00Z' }, NOW)).toBe('expired');
    expect(expiryState({ expired: false, expiration_date: '2026-03-10T00:00:00Z' }, NOW)).toBe('expiring');
    expect(expiryState({ expired: false, expiration_date: '2026-04-01T00:00:00Z' }, NOW)).toBe('valid');
  });
});

describe('provisionalRows', () => {
  const all = [
    { name: 'HF_TOKEN', description: 'Hugging Face token' },
    { name: 'db-url', description: null },
    { name: 'proxy-tls', description: 'TLS certificate' },
  ];
  const unfiltered = { type: '', category: '', secrets: all };

  it('filters the last unfiltered list by name or description while the search is on its way', () => {
    expect(matchesSearch(all[0]!, 'hugging')).toBe(true);
    expect(provisionalRows('tls', '', unfiltered, { type: '', category: '' })?.map((s) => s.name)).toEqual(['proxy-tls']);
    expect(provisionalRows('TOKEN', null, unfiltered, { type: '', category: '' })?.map((s) => s.name)).toEqual(['HF_TOKEN']);
  });

  it('steps aside once the service answered this search, or when the type/category differ', () => {
    expect(provisionalRows('tls', 'tls', unfiltered, { type: '', category: '' })).toBeNull();
    expect(provisionalRows('tls', '', unfiltered, { type: 'certificate', category: '' })).toBeNull();
    expect(provisionalRows('tls', '', null, { type: '', category: '' })).toBeNull();
  });
});
