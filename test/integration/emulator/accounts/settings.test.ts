// Account settings over real HTTP through the CLI (issue 20): the foundation routes (every bound and
// vocabulary, write-only values, unknown fields, member permissions), the settings taking effect
// (the IP allow-list on every route, checked from a second loopback address, the self-lockout
// guard, the audit retention), and settings as code (export, import with its plan, round trips).
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { AREAS } from '../../../../main/emulator/areas';
import { buildWorld } from '../../../../main/emulator/world/builder';
import { advanceClock, makeCall, OWNER, startCli, type CliProcess, type Target } from '../harness';

/** Another source address on the loopback: the allow-list sees it as a different client. */
const OTHER = '127.0.0.2';

/** `fetch` through node:http bound to `localAddress`, so the emulator sees that address. */
function sendFrom(localAddress: string) {
  return async (request: Request): Promise<Response> => {
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: request.method,
          headers,
          localAddress,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
            resolve(new Response(Buffer.concat(chunks), { status: res.statusCode, headers }));
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };
}

describe('account settings (http)', () => {
  let cli: CliProcess;
  let t: Target;
  /** The same emulator, called from OTHER. */
  let other: Target['call'];

  beforeAll(async () => {
    cli = await startCli(['--port', '0', '--seed', '42', '--owner-key', OWNER]);
    const keys = buildWorld(AREAS, 42, Date.now()).seededKeys;
    t = { name: 'http', ownerKey: cli.ownerKey, keys, call: makeCall(sendFrom('127.0.0.1'), cli.url, cli.ownerKey), close: async () => {} };
    other = makeCall(sendFrom(OTHER), cli.url, cli.ownerKey);
  });
  afterAll(async () => {
    await cli.stop();
  });

  // Each test starts in a new rate-limit window (settings writes: 50 an hour).
  beforeEach(async () => {
    await advanceClock(t.call, 3601);
  });

  const put = (section: string, body: unknown, key?: string) => t.call('PUT', `/v2/accounts/settings/${section}`, { body, key });
  const expectInvalid = async (section: string, body: unknown, field: string) => {
    const r = await put(section, body);
    expect(r.status, JSON.stringify(body)).toBe(400);
    expect(r.body).toMatchObject({ error: 'VALIDATION_ERROR', details: { field: expect.stringContaining(field) } });
  };

  describe('the foundation routes', () => {
    it('answers the five sections, write-only values null when unset, and the address the request came from', async () => {
      const r = await t.call('GET', '/v2/accounts/settings');
      expect(r.status).toBe(200);
      expect(Object.keys(r.body)).toEqual(['notifications', 'billing', 'security', 'integrations', 'preferences', 'updatedAt']);
      expect(r.body.notifications.webhook.secret).toBeNull();
      expect(r.body.security.api_access.your_address).toBe('127.0.0.1');
      // The second client really comes from another address.
      expect((await other('GET', '/v2/accounts/settings')).body.security.api_access.your_address).toBe(OTHER);
    });

    it.each([
      ['max_api_keys', 'api_access', 1, 50],
      ['timeout', 'session', 1, 168],
      ['concurrent_sessions', 'session', 1, 10],
      ['retention_days', 'audit', 30, 365],
    ] as const)('bounds security %s to %i-%i', async (field, group, min, max) => {
      await expectInvalid('security', { [group]: { [field]: min - 1 } }, field);
      await expectInvalid('security', { [group]: { [field]: max + 1 } }, field);
      await expectInvalid('security', { [group]: { [field]: min + 0.5 } }, field);
      for (const v of [min, max]) {
        const r = await put('security', { [group]: { [field]: v } });
        expect(r.status).toBe(200);
        expect(r.body[group][field]).toBe(v);
      }
      await put('security', {
        api_access: { max_api_keys: 50 },
        session: { timeout: 24, concurrent_sessions: 5 },
        audit: { retention_days: 90 },
      });
    });

    it('takes only the vocabularies: currencies, IANA zones, ISO countries, languages, formats, themes, regions', async () => {
      await expectInvalid('billing', { currency: 'CHF' }, 'currency');
      await expectInvalid('billing', { timezone: '+01:00' }, 'timezone');
      await expectInvalid('billing', { timezone: 'Mars/Olympus' }, 'timezone');
      await expectInvalid('billing', { billing_address: { country: 'de' } }, 'country');
      await expectInvalid('billing', { billing_address: { country: 'ZZ' } }, 'country');
      await expectInvalid('preferences', { language: 'it' }, 'language');
      await expectInvalid('preferences', { date_format: 'DD.MM.YYYY' }, 'date_format');
      await expectInvalid('preferences', { number_format: '1234.56' }, 'number_format');
      await expectInvalid('preferences', { theme: 'blue' }, 'theme');
      await expectInvalid('preferences', { default_region: 'mars-north-1' }, 'default_region');
      await expectInvalid('preferences', { timezone: 'UTC+1' }, 'timezone');
      const billing = await put('billing', { currency: 'EUR', timezone: 'Europe/Paris', billing_address: { country: 'DE' } });
      expect(billing.status).toBe(200);
      expect(billing.body).toMatchObject({ currency: 'EUR', timezone: 'Europe/Paris', billing_address: { country: 'DE' } });
      const prefs = await put('preferences', { language: 'ja', date_format: 'DD/MM/YYYY', number_format: '1 234,56', theme: 'dark' });
      expect(prefs.status).toBe(200);
      expect(prefs.body).toMatchObject({ language: 'ja', date_format: 'DD/MM/YYYY', number_format: '1 234,56', theme: 'dark' });
    });

    it.each([
      ['10.1', 'dotted decimal'],
      ['0x7f.0.0.1', 'dotted decimal'],
      ['010.0.0.1', 'dotted decimal'],
      ['256.0.0.1', 'dotted decimal'],
      ['10.0.0.1/8', 'host bits'],
      ['10.0.0.0/33', 'prefix length'],
      ['2001:db8::1/129', 'prefix length'],
      ['2001:db8::gg', 'IPv6'],
      ['', 'address'],
    ])('refuses the allow-list entry %j (%s)', async (entry, reason) => {
      const r = await put('security', { api_access: { ip_whitelist: [entry] } });
      expect(r.status).toBe(400);
      expect(r.body.details.field).toContain('ip_whitelist');
      expect(r.body.details.reason).toContain(reason);
    });

    it('keeps allow-list entries normalized and bounds the list', async () => {
      const r = await put('security', { api_access: { ip_whitelist: ['203.0.113.0/24', '2001:0db8:0000::/32', '::ffff:198.51.100.7'] } });
      expect(r.status).toBe(200);
      expect(r.body.api_access.ip_whitelist).toEqual(['203.0.113.0/24', '2001:db8::/32', '198.51.100.7']);
      await expectInvalid(
        'security',
        { api_access: { ip_whitelist: Array.from({ length: 101 }, (_, i) => `10.0.${i}.1`) } },
        'ip_whitelist',
      );
      expect((await put('security', { api_access: { ip_whitelist: [] } })).status).toBe(200);
    });

    it('writes write-only values: a string sets, ******** keeps, null clears; never answered in clear', async () => {
      const set = await put('integrations', {
        code_host: { access_token: 'tok-very-secret-1' },
        monitoring: { metrics_service: { api_key: 'mk-2' } },
      });
      expect(set.status).toBe(200);
      expect(set.body.code_host.access_token).toBe('********');
      expect(JSON.stringify((await t.call('GET', '/v2/accounts/settings')).body)).not.toContain('tok-very-secret-1');
      const kept = await put('integrations', { code_host: { access_token: '********', enabled: true } });
      expect(kept.body.code_host).toMatchObject({ access_token: '********', enabled: true });
      const secrets = await t.call('GET', '/v2/accounts/settings/export?include_secrets=true&sections=integrations');
      expect(secrets.body.export.settings.integrations.code_host.access_token).toBe('tok-very-secret-1');
      const cleared = await put('integrations', { code_host: { access_token: null } });
      expect(cleared.body.code_host.access_token).toBeNull();
      await expectInvalid('integrations', { code_host: { access_token: '' } }, 'access_token');
    });

    it('refuses unknown fields at every level', async () => {
      await expectInvalid('preferences', { colour: 'red' }, 'colour');
      await expectInvalid('security', { api_access: { allow_all: true } }, 'api_access');
      await expectInvalid('notifications', { email: { alerts: { weekly_report: true } } }, 'email');
    });

    it('decides each section on its member permission: admin not security nor notifications, developer and viewer none', async () => {
      const admin = t.keys.admin!;
      const security = await put('security', { session: { timeout: 12 } }, admin);
      expect(security.status).toBe(403);
      expect(security.body).toMatchObject({
        error: 'INSUFFICIENT_PERMISSIONS',
        details: { requiredPermission: 'manage_security', requiredScope: 'security', currentRole: 'admin' },
      });
      expect((await put('notifications', { email: { enabled: false } }, admin)).body.details).toMatchObject({
        requiredPermission: 'manage_integrations',
      });
      expect((await put('billing', { currency: 'GBP' }, admin)).status).toBe(200);
      expect((await put('preferences', { theme: 'light' }, admin)).status).toBe(200);
      for (const role of ['developer', 'viewer'] as const) {
        const r = await put('preferences', { theme: 'dark' }, t.keys[role]);
        expect(r.status, role).toBe(403);
        expect(r.body.error).toBe('INSUFFICIENT_PERMISSIONS');
      }
      expect((await t.call('GET', '/v2/accounts/settings', { key: t.keys.viewer })).status).toBe(403);
    });

    it('tests the chat webhook given, or without one the saved chat settings (01 marks no field required)', async () => {
      const received: unknown[] = [];
      const hook = createServer((req, res) => {
        let text = '';
        req.on('data', (chunk: Buffer) => (text += chunk.toString()));
        req.on('end', () => {
          received.push(JSON.parse(text));
          res.end('ok');
        });
      });
      await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
      const test = (body: unknown) => t.call('POST', '/v2/accounts/settings/notifications/test', { body });
      try {
        expect((await put('notifications', { chat: { webhook_url: null, channel: null } })).status).toBe(200);
        const none = await test({});
        expect(none.status).toBe(400);
        expect(none.body).toMatchObject({ error: 'VALIDATION_ERROR', details: { field: 'webhook_url' } });

        expect((await put('notifications', { chat: { webhook_url: url, channel: '#ops' } })).status).toBe(200);
        const saved = await test({});
        expect(saved.status).toBe(200);
        expect(saved.body.test).toMatchObject({ type: 'chat', status: 'sent' });
        const given = await test({ type: 'chat', webhook_url: url });
        expect(given.body.test).toMatchObject({ type: 'chat', status: 'sent' });
        expect(received).toEqual([{ text: expect.any(String), channel: '#ops' }, { text: expect.any(String) }]);
      } finally {
        hook.close();
      }
    });
  });

  describe('the IP allow-list in effect', () => {
    it('refuses the own address without allow_lockout (409 SELF_LOCKOUT), and an empty required list too', async () => {
      const r = await put('security', { api_access: { ip_whitelist: [`${OTHER}`], require_ip_whitelist: true } });
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ error: 'SELF_LOCKOUT', details: { yourAddress: '127.0.0.1', ip_whitelist: [OTHER] } });
      const empty = await put('security', { api_access: { ip_whitelist: [], require_ip_whitelist: true } });
      expect(empty.status).toBe(409);
      // Nothing changed.
      expect((await t.call('GET', '/v2/accounts/settings')).body.security.api_access.require_ip_whitelist).toBe(false);
    });

    it('refuses every route of the three documents from an address not listed, with its address, audited as access_denied', async () => {
      const on = await put('security', { api_access: { ip_whitelist: ['127.0.0.1/32'], require_ip_whitelist: true } });
      expect(on.status).toBe(200);
      for (const path of ['/v2/accounts/settings', '/v2/accounts/api-keys', '/v1/clusters', '/v2/endpoints', '/v2/training/jobs']) {
        const r = await other('GET', path);
        expect(r.status, path).toBe(403);
        expect(r.body, path).toMatchObject({ error: 'IP_NOT_ALLOWED', details: { yourAddress: OTHER } });
      }
      // Even the owner's key, and a write.
      expect((await other('PUT', '/v2/accounts/settings/security', { body: { api_access: { require_ip_whitelist: false } } })).status).toBe(
        403,
      );
      // The listed address still works; the emulator's own routes are not subject to it.
      expect((await t.call('GET', '/v1/clusters')).status).toBe(200);
      expect((await other('GET', '/_emulator/clock')).status).toBe(200);
      const audit = await t.call('GET', '/v2/accounts/permissions/audit?type=access_denied&period=1d&limit=100');
      const refused = (
        audit.body.events as Array<{ actor: { ipAddress: string | null }; details: { error: string; route: string } }>
      ).filter((e) => e.details.error === 'IP_NOT_ALLOWED');
      expect(refused.map((e) => e.details.route)).toContain('GET /v1/clusters');
      expect(refused.every((e) => e.actor.ipAddress === OTHER)).toBe(true);
    });

    it('locks the caller out only when it says allow_lockout, and the other address then works', async () => {
      const r = await put('security', { api_access: { ip_whitelist: [OTHER] }, allow_lockout: true });
      expect(r.status).toBe(200);
      expect((await t.call('GET', '/v2/accounts/settings')).body).toMatchObject({
        error: 'IP_NOT_ALLOWED',
        details: { yourAddress: '127.0.0.1' },
      });
      expect((await other('GET', '/v2/accounts/settings')).status).toBe(200);
      const off = await other('PUT', '/v2/accounts/settings/security', {
        body: { api_access: { require_ip_whitelist: false, ip_whitelist: [] } },
      });
      expect(off.status).toBe(200);
      expect((await t.call('GET', '/v2/accounts/settings')).status).toBe(200);
    });
  });

  describe('the audit retention', () => {
    it('drops events older than a shortened retention from the audit route', async () => {
      // An access_denied event now: the viewer refused a settings write.
      expect((await put('preferences', { theme: 'dark' }, t.keys.viewer)).status).toBe(403);
      await advanceClock(t.call, 45 * 86_400);
      const query = '/v2/accounts/permissions/audit?type=access_denied&period=90d&limit=100';
      const before = (await t.call('GET', query)).body.events.length;
      expect(before).toBeGreaterThan(0);
      expect((await put('security', { audit: { retention_days: 30 } })).status).toBe(200);
      const after = await t.call('GET', query);
      expect(after.body.events).toEqual([]);
      expect((await put('security', { audit: { retention_days: 90 } })).status).toBe(200);
    });
  });

  describe('export and import', () => {
    const exportOf = (query: string, key?: string) => t.call('GET', `/v2/accounts/settings/export${query}`, { key });
    const importOf = (body: unknown, key?: string) => t.call('POST', '/v2/accounts/settings/import', { body, key });

    it('exports the sections asked for, in a stable order, secrets redacted unless include_secrets', async () => {
      await put('notifications', { webhook: { secret: 'whsec-export-1', url: 'https://hooks.example.com/a', enabled: true } });
      const r = await exportOf('?sections=security,billing');
      expect(r.status).toBe(200);
      expect(r.body.export).toMatchObject({
        format: 'json',
        include_secrets: false,
        metadata: { version: '1', account_id: expect.stringMatching(/^acc_/) },
      });
      expect(Object.keys(r.body.export.settings)).toEqual(['billing', 'security']);
      expect(r.body.export.settings.security.api_access).not.toHaveProperty('your_address');
      const all = await exportOf('');
      expect(all.body.export.settings.notifications.webhook.secret).toBe('********');
      expect(JSON.stringify(all.body)).not.toContain('whsec-export-1');
      expect(JSON.stringify((await exportOf('')).body.export.settings)).toBe(JSON.stringify(all.body.export.settings));
      await expectExportInvalid('?sections=billing,wallet', 'sections');
      await expectExportInvalid('?format=xml', 'format');
      await expectExportInvalid('?include_secrets=yes', 'include_secrets');
      await expectExportInvalid('?colour=red', 'colour');
    });
    const expectExportInvalid = async (query: string, field: string) => {
      const r = await exportOf(query);
      expect(r.status, query).toBe(400);
      expect(r.body.details.field).toContain(field);
    };

    it('answers secrets in clear only to manage_security', async () => {
      const owner = await exportOf('?include_secrets=true');
      expect(owner.body.export.include_secrets).toBe(true);
      expect(owner.body.export.settings.notifications.webhook.secret).toBe('whsec-export-1');
      const admin = await exportOf('?include_secrets=true', t.keys.admin);
      expect(admin.status).toBe(403);
      expect(admin.body.details).toMatchObject({ requiredPermission: 'manage_security' });
      expect((await exportOf('', t.keys.admin)).status).toBe(200);
    });

    it('exports the same document as YAML', async () => {
      const json = await exportOf('?include_secrets=true');
      const yaml = await exportOf('?format=yaml&include_secrets=true');
      expect(yaml.status).toBe(200);
      expect(yaml.headers.get('content-type')).toMatch(/^application\/yaml/);
      const doc = parseYaml(yaml.body as string);
      expect({ ...doc.export, format: 'json', timestamp: null }).toEqual({ ...json.body.export, timestamp: null });
    });

    it('round-trips: an export imported back restores the settings exactly (JSON)', async () => {
      const saved = (await exportOf('?include_secrets=true')).body;
      const original = (await t.call('GET', '/v2/accounts/settings')).body;
      await put('billing', { currency: 'JPY', cost_alerts: [] });
      await put('notifications', { webhook: { secret: null, events: [] } });
      await put('integrations', { code_host: { repositories: ['org/a'] } });
      const r = await importOf({ settings: saved, merge_strategy: 'overwrite' });
      expect(r.status).toBe(200);
      expect(r.body.import.applied).toBe(true);
      const now = (await t.call('GET', '/v2/accounts/settings')).body;
      expect({ ...now, updatedAt: null }).toEqual({ ...original, updatedAt: null });
      expect((await exportOf('?include_secrets=true')).body.export.settings).toEqual(saved.export.settings);
    });

    it('round-trips in YAML: the exported file is the import body as is', async () => {
      const text = (await exportOf('?format=yaml&include_secrets=true')).body as string;
      const original = (await exportOf('?include_secrets=true')).body.export.settings;
      expect(original.preferences.language).not.toBe('fr');
      await put('preferences', { language: 'fr' });
      const r = await t.call('POST', '/v2/accounts/settings/import', { raw: text, headers: { 'content-type': 'application/yaml' } });
      expect(r.status).toBe(200);
      expect(r.body.import.plan.counts).toEqual({ added: 0, changed: 1, removed: 0 });
      expect(r.body.import.plan.sections.find((s: { section: string }) => s.section === 'preferences').changes).toEqual([
        { path: 'preferences.language', kind: 'changed', old: 'fr', new: original.preferences.language },
      ]);
      expect((await exportOf('?include_secrets=true')).body.export.settings).toEqual(original);
      // A redacted export keeps the secrets it names as ********.
      const redacted = (await exportOf('?format=yaml')).body as string;
      const kept = await t.call('POST', '/v2/accounts/settings/import', { raw: redacted, headers: { 'content-type': 'application/yaml' } });
      expect(kept.body.import.plan.counts).toEqual({ added: 0, changed: 0, removed: 0 });
      expect((await exportOf('?include_secrets=true')).body.export.settings.notifications.webhook.secret).toBe('whsec-export-1');
    });

    it('refuses bad YAML, YAML elsewhere, other strategies and other format versions', async () => {
      const bad = await t.call('POST', '/v2/accounts/settings/import', {
        raw: 'settings: [a, b',
        headers: { 'content-type': 'application/yaml' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.details.reason).toContain('YAML');
      const elsewhere = await t.call('PUT', '/v2/accounts/settings/preferences', {
        raw: 'theme: dark',
        headers: { 'content-type': 'application/yaml' },
      });
      expect(elsewhere.status).toBe(415);
      const merge = await importOf({ settings: {}, merge_strategy: 'merge' });
      expect(merge.status).toBe(400);
      expect(merge.body.details.field).toBe('merge_strategy');
      const doc = (await exportOf('')).body;
      doc.export.metadata.version = '9';
      const version = await importOf(doc);
      expect(version.status).toBe(400);
      expect(version.body.details.reason).toContain('version');
      expect((await importOf({ settings: { wallet: {} } })).body.details).toMatchObject({
        field: 'settings',
        reason: expect.stringContaining('wallet'),
      });
      expect((await importOf({ settings: { security: { session: { timeout: 500 } } } })).body.details.field).toBe(
        'settings.security.session.timeout',
      );
    });

    it('plans every kind of change with counts and risks, and changes nothing with validate_only', async () => {
      await put('security', { two_factor: { enabled: true }, api_access: { ip_whitelist: ['198.51.100.0/24'] } });
      await put('integrations', { code_host: { access_token: 'ght-1', repositories: ['org/a', 'org/b'] } });
      const before = (await exportOf('?include_secrets=true')).body.export.settings;
      const r = await importOf({
        validate_only: true,
        settings: {
          billing: { currency: 'EUR', billing_address: { address: '1 Main St' } },
          security: {
            two_factor: { enabled: false },
            api_access: { ip_whitelist: ['198.51.100.0/24', '203.0.113.0/24'], require_ip_whitelist: true },
            audit: { retention_days: 30 },
          },
          notifications: { webhook: { secret: null } },
          integrations: { code_host: { access_token: 'ght-2', repositories: ['org/a'] } },
        },
      });
      expect(r.status).toBe(200);
      const { plan, applied } = r.body.import;
      expect(applied).toBe(false);
      const changes = Object.fromEntries(
        (plan.sections as Array<{ section: string; changes: unknown[] }>).map((s) => [s.section, s.changes]),
      );
      expect(changes.billing).toEqual([
        { path: 'billing.currency', kind: 'changed', old: before.billing.currency, new: 'EUR' },
        { path: 'billing.billing_address.address', kind: 'added', new: '1 Main St' },
      ]);
      expect(changes.security).toEqual([
        { path: 'security.two_factor.enabled', kind: 'changed', old: true, new: false },
        { path: 'security.api_access.ip_whitelist', kind: 'added', new: '203.0.113.0/24' },
        { path: 'security.api_access.require_ip_whitelist', kind: 'changed', old: false, new: true },
        { path: 'security.audit.retention_days', kind: 'changed', old: 90, new: 30 },
      ]);
      expect(changes.notifications).toEqual([{ path: 'notifications.webhook.secret', kind: 'removed', secret: true }]);
      expect(changes.integrations).toEqual([
        { path: 'integrations.code_host.access_token', kind: 'changed', secret: true },
        { path: 'integrations.code_host.repositories', kind: 'removed', old: 'org/b' },
      ]);
      expect(JSON.stringify(plan)).not.toContain('ght-');
      expect(plan.counts).toEqual({ added: 2, changed: 5, removed: 2 });
      expect(plan.sections.find((s: { section: string }) => s.section === 'security').counts).toEqual({ added: 1, changed: 3, removed: 0 });
      expect(plan.risks.map((x: { code: string }) => x.code).sort()).toEqual([
        'audit_retention_shortened',
        'self_lockout',
        'two_factor_turned_off',
        'webhook_secret_removed',
      ]);
      expect(plan.your_address).toBe('127.0.0.1');
      expect((await exportOf('?include_secrets=true')).body.export.settings).toEqual(before);

      // Applying the same: refused for the lockout, applied (and answering the same plan) with allow_lockout off the list.
      const body = { settings: { security: { api_access: { ip_whitelist: ['203.0.113.0/24'], require_ip_whitelist: true } } } };
      const refused = await importOf(body);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ error: 'SELF_LOCKOUT', details: { yourAddress: '127.0.0.1' } });
      const planned = (await importOf({ ...body, validate_only: true })).body.import.plan;
      const applied2 = await importOf({
        ...body,
        settings: { security: { api_access: { ...body.settings.security.api_access, ip_whitelist: ['127.0.0.1', '203.0.113.0/24'] } } },
      });
      expect(applied2.status).toBe(200);
      expect(applied2.body.import.applied).toBe(true);
      expect(planned.risks[0].code).toBe('self_lockout');
      expect(applied2.body.import.plan.risks.map((x: { code: string }) => x.code)).not.toContain('self_lockout');
      expect(
        (await put('security', { api_access: { require_ip_whitelist: false, ip_whitelist: [] }, two_factor: { enabled: false } })).status,
      ).toBe(200);
    });

    it('answers the plan it applied, the same as the one validate_only gave', async () => {
      const body = { settings: { preferences: { theme: 'dark', language: 'de' } } };
      const planned = (await importOf({ ...body, validate_only: true })).body.import.plan;
      const applied = await importOf(body);
      expect(applied.body.import.applied).toBe(true);
      expect(applied.body.import.plan).toEqual(planned);
      // Nothing left to change: not applied, an empty plan.
      expect((await importOf(body)).body.import).toMatchObject({ applied: false, plan: { counts: { added: 0, changed: 0, removed: 0 } } });
    });

    it('needs each section’s permission, as its update does, even to plan', async () => {
      const admin = t.keys.admin!;
      const security = await importOf({ validate_only: true, settings: { security: { session: { timeout: 8 } } } }, admin);
      expect(security.status).toBe(403);
      expect(security.body.details).toMatchObject({ requiredPermission: 'manage_security', requiredScope: 'security' });
      const ok = await importOf({ settings: { billing: { currency: 'USD' }, preferences: { theme: 'auto' } } }, admin);
      expect(ok.status).toBe(200);
      expect((await importOf({ settings: { preferences: { theme: 'auto' } } }, t.keys.viewer)).status).toBe(403);
    });
  });
});
