// Secrets over HTTP: filters and counts, uniqueness, the value rules (include_value(s) and the
// elevated permission), usage statistics, rotation, expiry, and encryption at rest.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListSecretsResponse, SecretResponse, SecretType, SecretCategory } from '../../../../shared/api/clusters/secrets';
import { errorOf, startClusters, type ClusterTarget } from './harness';

const DAY = 86_400_000;
let t: ClusterTarget;
let id: string;
beforeAll(async () => {
  t = await startClusters();
  id = (await t.cluster('llm-pretraining')).id;
});
afterAll(() => t.close());

describe('secret reads', () => {
  it('lists every type and category without values, with counts per type', async () => {
    const all = await t.call('GET', '/v1/clusters');
    const secrets = [];
    for (const c of all.body.data.clusters) secrets.push(...(await t.call('GET', `/v1/clusters/${c.id}/secrets`)).body.data.secrets);
    expect(new Set(secrets.map((s) => s.type))).toEqual(new Set(SecretType.options));
    expect(new Set(secrets.map((s) => s.category))).toEqual(new Set(SecretCategory.options));
    expect(secrets.every((s) => s.value === undefined && s.encrypted === true)).toBe(true);

    const r = ListSecretsResponse.parse((await t.call('GET', `/v1/clusters/${id}/secrets`)).body);
    expect(r.data.total_count).toBe(r.data.secrets.length);
    expect(Object.values(r.data.secret_types).reduce((a, b) => a + b!, 0)).toBe(r.data.total_count);
    expect(r.data.secret_types.api_key).toBe(2);
    expect(r.data.secrets.filter((s) => s.expired).map((s) => s.name)).toEqual(['AWS_SECRET_ACCESS_KEY']);
    const now = await t.now();
    const soon = r.data.secrets.filter((s) => s.expiration_date && !s.expired && Date.parse(s.expiration_date) - now < 7 * DAY);
    expect(soon.length).toBeGreaterThanOrEqual(2);
  });

  it('filters by type, category and search (name or description)', async () => {
    const byType = (await t.call('GET', `/v1/clusters/${id}/secrets?type=api_key`)).body.data;
    expect(byType.secrets.map((s: { name: string }) => s.name).sort()).toEqual(['HF_TOKEN', 'WANDB_API_KEY']);
    expect(byType.secret_types).toEqual({ api_key: 2 });
    const byCategory = (await t.call('GET', `/v1/clusters/${id}/secrets?category=cloud_providers`)).body.data;
    expect(byCategory.secrets.every((s: { category: string }) => s.category === 'cloud_providers')).toBe(true);
    expect(byCategory.total_count).toBe(2);
    const search = (await t.call('GET', `/v1/clusters/${id}/secrets?search=tracking`)).body.data;
    expect(search.secrets.map((s: { name: string }) => s.name).sort()).toEqual(['POSTGRES_URL', 'WANDB_API_KEY']);
    expect(errorOf(await t.call('GET', `/v1/clusters/${id}/secrets?type=password`)).code).toBe('VALIDATION_ERROR');
  });

  it('returns values only with include_value(s) and an elevated key, counting each read', async () => {
    const before = (await t.call('GET', `/v1/clusters/${id}/secrets/HF_TOKEN`)).body.data;
    expect(before.value).toBeUndefined();
    const denied = await t.call('GET', `/v1/clusters/${id}/secrets/HF_TOKEN?include_value=true`, { key: t.keys.readOnly });
    expect(errorOf(denied)).toMatchObject({
      status: 403,
      code: 'INSUFFICIENT_PERMISSIONS',
      details: { parameter: 'include_value', requiredPermission: 'manage_security' },
    });
    expect(denied.body.success).toBe(false);
    const deniedList = await t.call('GET', `/v1/clusters/${id}/secrets?include_values=true`, { key: t.keys.readOnly });
    expect(errorOf(deniedList)).toMatchObject({ status: 403, code: 'INSUFFICIENT_PERMISSIONS', details: { parameter: 'include_values' } });

    const owner = SecretResponse.parse((await t.call('GET', `/v1/clusters/${id}/secrets/HF_TOKEN?include_value=true`)).body).data;
    expect(owner.value).toMatch(/^hf_[0-9A-Za-z]{34}$/);
    expect(owner.usage_statistics.access_count).toBe(before.usage_statistics.access_count + 1);
    expect(Date.parse(owner.usage_statistics.last_accessed!)).toBeGreaterThan(Date.parse(before.usage_statistics.last_accessed));
    // A read-write key of the owner is elevated too.
    const rw = await t.call('GET', `/v1/clusters/${id}/secrets/HF_TOKEN?include_value=true`, { key: t.keys.readWrite });
    expect(rw.body.data.value).toBe(owner.value);
    const list = (await t.call('GET', `/v1/clusters/${id}/secrets?include_values=true&type=api_key`)).body.data;
    expect(list.secrets.every((s: { value?: string }) => typeof s.value === 'string')).toBe(true);
    expect(list.secrets.find((s: { name: string }) => s.name === 'HF_TOKEN').usage_statistics.access_count).toBe(
      before.usage_statistics.access_count + 3,
    );
    // Without the flag the read-only key reads metadata and no count moves.
    const meta = (await t.call('GET', `/v1/clusters/${id}/secrets/HF_TOKEN`, { key: t.keys.readOnly })).body.data;
    expect(meta.usage_statistics.access_count).toBe(before.usage_statistics.access_count + 3);
  });

  it('answers SECRET_NOT_FOUND for unknown and malformed names', async () => {
    expect(errorOf(await t.call('GET', `/v1/clusters/${id}/secrets/NOPE`))).toMatchObject({
      status: 404,
      code: 'SECRET_NOT_FOUND',
      details: { secret_name: 'NOPE' },
    });
    expect(errorOf(await t.call('GET', `/v1/clusters/${id}/secrets/bad%20name`)).code).toBe('SECRET_NOT_FOUND');
    expect(errorOf(await t.call('DELETE', `/v1/clusters/${id}/secrets/NOPE`)).code).toBe('SECRET_NOT_FOUND');
  });
});

describe('secret writes', () => {
  it('creates (201), refuses a duplicate name, and computes rotation and expiry', async () => {
    const now = await t.now();
    const body = {
      name: 'OPENAI_KEY',
      type: 'api_key',
      category: 'ml_services',
      value: 'sk-test-value-123',
      description: 'LLM provider',
      rotation_policy: { enabled: true, rotation_interval_days: 30 },
      expiration_date: new Date(now + DAY).toISOString(),
      tags: ['llm'],
    };
    const r = await t.call('POST', `/v1/clusters/${id}/secrets`, { body });
    expect(r.status).toBe(201);
    const s = SecretResponse.parse(r.body).data;
    expect(s).toMatchObject({ name: 'OPENAI_KEY', environment_variable: 'OPENAI_KEY', expired: false, encrypted: true, file_path: null });
    expect(s.value).toBeUndefined();
    expect(Date.parse(s.rotation_policy.next_rotation!) - Date.parse(s.created_at)).toBe(30 * DAY);
    expect(s.rotation_policy.notification_days_before).toBe(7);
    const dup = await t.call('POST', `/v1/clusters/${id}/secrets`, { body });
    expect(errorOf(dup)).toMatchObject({ status: 409, code: 'SECRET_EXISTS', details: { name: 'OPENAI_KEY' } });
    const file = await t.call('POST', `/v1/clusters/${id}/secrets`, {
      body: { name: 'ca.pem', type: 'certificate', value: 'PEM', file_path: '/etc/ssl/ca.pem' },
    });
    expect(file.body.data).toMatchObject({
      category: 'custom',
      environment_variable: null,
      file_path: '/etc/ssl/ca.pem',
      permissions: { file_mode: '0400', read_only: true },
    });
    const invalid = await t.call('POST', `/v1/clusters/${id}/secrets`, {
      body: { name: 'x', type: 'api_key', value: 'v', file_path: '/etc/../passwd' },
    });
    expect(errorOf(invalid)).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'file_path' } });
    expect(errorOf(await t.call('POST', `/v1/clusters/${id}/secrets`, { body: { name: 'y', type: 'api_key' } }))).toMatchObject({
      details: { field: 'value' },
    });
  });

  it('refuses a past expiration_date on create and update, as it refuses a past API key expiresAt', async () => {
    const now = await t.now();
    const past = new Date(now - 60_000).toISOString();
    const keyReply = await t.call('POST', '/v2/accounts/api-keys', {
      body: { name: 'ci', permissions: ['read'], scopes: ['accounts'], expiresAt: past },
    });
    // The accounts envelope: {error, message, details}.
    const key = { status: keyReply.status, code: keyReply.body.error, details: keyReply.body.details as Record<string, unknown> };
    expect(key).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details: { field: 'expiresAt', reason: 'must be in the future' } });

    const created = await t.call('POST', `/v1/clusters/${id}/secrets`, {
      body: { name: 'EXPIRED_AT_BIRTH', type: 'generic', value: 'v', expiration_date: past },
    });
    expect(created.body.success).toBe(false);
    expect(errorOf(created)).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      details: { field: 'expiration_date', reason: key.details.reason },
    });
    expect(errorOf(await t.call('GET', `/v1/clusters/${id}/secrets/EXPIRED_AT_BIRTH`)).code).toBe('SECRET_NOT_FOUND');

    const updated = await t.call('PUT', `/v1/clusters/${id}/secrets/OPENAI_KEY`, {
      body: { description: 'changed', expiration_date: past },
    });
    expect(errorOf(updated)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details: { field: 'expiration_date' } });
    // Refused as a whole: the description did not change either.
    expect((await t.call('GET', `/v1/clusters/${id}/secrets/OPENAI_KEY`)).body.data).toMatchObject({
      description: 'LLM provider',
      expired: false,
    });
  });

  it('updates: a new value rotates it, other fields merge', async () => {
    await t.advance(2 * 86_400);
    // The day it was given has passed: the secret is expired now.
    expect((await t.call('GET', `/v1/clusters/${id}/secrets/OPENAI_KEY`)).body.data.expired).toBe(true);
    const now = await t.now();
    const r = await t.call('PUT', `/v1/clusters/${id}/secrets/OPENAI_KEY`, {
      body: { value: 'sk-rotated', expiration_date: null, tags: ['llm', 'rotated'] },
    });
    expect(r.status).toBe(200);
    const s = r.body.data;
    expect(s).toMatchObject({ expired: false, expiration_date: null, tags: ['llm', 'rotated'], description: 'LLM provider' });
    expect(Date.parse(s.rotation_policy.next_rotation) - now).toBeGreaterThanOrEqual(30 * DAY - 5_000);
    expect(Date.parse(s.rotation_policy.next_rotation) - now).toBeLessThanOrEqual(30 * DAY + 5_000);
    const read = await t.call('GET', `/v1/clusters/${id}/secrets/OPENAI_KEY?include_value=true`);
    expect(read.body.data.value).toBe('sk-rotated');
    const off = await t.call('PUT', `/v1/clusters/${id}/secrets/OPENAI_KEY`, { body: { rotation_policy: { enabled: false } } });
    expect(off.body.data.rotation_policy).toMatchObject({ enabled: false, next_rotation: null });
    expect(errorOf(await t.call('PUT', `/v1/clusters/${id}/secrets/OPENAI_KEY`, { body: { name: 'renamed' } })).code).toBe(
      'VALIDATION_ERROR',
    );
    const del = await t.call('DELETE', `/v1/clusters/${id}/secrets/OPENAI_KEY`);
    expect(del.body.data).toMatchObject({ id: 'OPENAI_KEY', deleted: true });
    expect(errorOf(await t.call('GET', `/v1/clusters/${id}/secrets/OPENAI_KEY`)).code).toBe('SECRET_NOT_FOUND');
  });

  it('never puts a secret value in plain text into the exported snapshot', async () => {
    await t.call('POST', `/v1/clusters/${id}/secrets`, {
      body: { name: 'PLAIN_CHECK', type: 'generic', value: 'very-recognisable-plaintext-4711' },
    });
    const hf = (await t.call('GET', `/v1/clusters/${id}/secrets/HF_TOKEN?include_value=true`)).body.data.value;
    const snapshot = JSON.stringify((await t.call('GET', '/_emulator/snapshot')).body);
    expect(snapshot).toContain('PLAIN_CHECK');
    expect(snapshot).not.toContain('very-recognisable-plaintext-4711');
    expect(snapshot).not.toContain(hf);
  });
});

describe('secrets key', () => {
  it('keeps the key in <data>/secrets.key (0600), so values survive a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-secrets-'));
    try {
      const first = await startClusters({ dataDir: dir });
      const cid = (await first.cluster('inference-api')).id;
      await first.call('POST', `/v1/clusters/${cid}/secrets`, { body: { name: 'KEEP', type: 'generic', value: 'survives-restart' } });
      await first.close();
      const file = join(dir, 'secrets.key');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(join(dir, 'emulator-state.json'), 'utf8')).not.toContain('survives-restart');
      const second = await startClusters({ dataDir: dir });
      const r = await second.call('GET', `/v1/clusters/${cid}/secrets/KEEP?include_value=true`);
      expect(r.body.data.value).toBe('survives-restart');
      await second.close();
      // Another key cannot open the stored values: a clear error, never garbage or a 500.
      const third = await startClusters({ dataDir: dir, secretsKey: Buffer.alloc(32, 7) });
      const bad = await third.call('GET', `/v1/clusters/${cid}/secrets/KEEP?include_value=true`);
      expect(errorOf(bad)).toMatchObject({ status: 409, code: 'INVALID_STATE', details: { reason: 'secrets_key_mismatch' } });
      await third.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
