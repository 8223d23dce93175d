// Event deliveries over real HTTP through the CLI (issue 20): a webhook receiver on loopback that
// verifies the Standard Webhooks signature, sees retries on the simulated clock after answering
// 500, sees nothing for an event it did not subscribe to; redelivery; the emit route; the outbox
// with an invitation mail whose link accepts the invitation; a cost alert crossing on the clock.
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryListResponse, DeliveryResponse, EmitEventResponse, OutboxResponse } from '../../../../shared/api/accounts/deliveries';
import { incidentsWithin } from '../../../../main/emulator/areas/endpoints/sim/incidents';
import type { StoredEndpoint } from '../../../../main/emulator/areas/endpoints/state';
import { advanceClock, overHttp, type Target } from '../harness';

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A loopback HTTP receiver: records every POST and answers the status `answer` says. */
async function receiver(): Promise<{ url: string; got: Received[]; answer: { status: number }; server: Server }> {
  const got: Received[] = [];
  const answer = { status: 200 };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.status === 200 ? 'thanks' : 'broken receiver');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}/hook`, got, answer, server };
}

/** Waits (polling, up to 10 s) until `probe` finds something. */
async function until<T>(probe: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const SECRET = `whsec_${randomBytes(24).toString('base64')}`;

describe('event deliveries (http)', () => {
  let t: Target;
  let hook: Awaited<ReturnType<typeof receiver>>;
  const typeOf = (r: Received) => (JSON.parse(r.body) as { type: string }).type;
  const deliveryOf = async (id: string) =>
    DeliveryResponse.parse((await t.call('GET', `/_emulator/events/deliveries/${id}`)).body).delivery;
  const emit = async (body: Record<string, unknown>) => {
    const r = await t.call('POST', '/_emulator/events', { body });
    expect(r.status).toBe(201);
    return EmitEventResponse.parse(r.body);
  };
  const subscribe = async (events: string[]) => {
    const r = await t.call('PUT', '/v2/accounts/settings/notifications', {
      body: { webhook: { enabled: true, url: hook.url, events, secret: SECRET } },
    });
    expect(r.status).toBe(200);
  };

  beforeAll(async () => {
    hook = await receiver();
    t = await overHttp();
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => hook.server.close(r));
  });

  it('POSTs a key creation to the webhook, signed the Standard Webhooks way, and logs the delivery', async () => {
    await subscribe(['security.api_key_created', 'team.member_invited', 'endpoint.failed', 'cost.threshold_exceeded']);
    const created = await t.call('POST', '/v2/accounts/api-keys', {
      body: { name: 'events-probe', permissions: ['read'], scopes: ['clusters'] },
    });
    expect(created.status).toBe(201);
    const got = await until(() => hook.got.find((r) => typeOf(r) === 'security.api_key_created'), 'the key event');
    // Verified as a receiver would, with the package the convention publishes.
    const payload = new Webhook(SECRET).verify(got.body, got.headers) as Record<string, unknown>;
    expect(payload).toMatchObject({ type: 'security.api_key_created', data: { subject: created.body.id, name: 'events-probe' } });
    expect(payload.id).toMatch(/^evt_/);
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(() => new Webhook(`whsec_${randomBytes(24).toString('base64')}`).verify(got.body, got.headers)).toThrow();
    const id = got.headers['webhook-id']!;
    const d = await until(async () => {
      const x = await deliveryOf(id);
      return x.state === 'succeeded' ? x : undefined;
    }, 'the delivery to succeed');
    expect(d).toMatchObject({
      channel: 'webhook',
      url: hook.url,
      event_type: 'security.api_key_created',
      signed: true,
      next_attempt_at: null,
    });
    expect(d.attempts).toHaveLength(1);
    expect(d.attempts[0]).toMatchObject({ number: 1, status: 200, response_body: 'thanks', error: null, manual: false });
    expect(d.attempts[0]!.headers['webhook-signature']).toBe(got.headers['webhook-signature']);
    expect(JSON.parse(d.payload)).toEqual(payload);
  });

  it('sends nothing for an event the webhook did not subscribe to', async () => {
    const created = await t.call('POST', '/v2/accounts/api-keys', {
      body: { name: 'to-revoke', permissions: ['read'], scopes: ['clusters'] },
    });
    const revoked = await t.call('DELETE', `/v2/accounts/api-keys/${created.body.id}`);
    expect(revoked.status).toBe(200);
    // A subscribed event after it: once that has arrived, the revocation would have too.
    const marker = await emit({ type: 'endpoint.failed' });
    await until(() => hook.got.find((r) => JSON.parse(r.body).id === marker.event.id), 'the marker event');
    expect(hook.got.filter((r) => typeOf(r) === 'security.api_key_revoked')).toEqual([]);
    const log = DeliveryListResponse.parse((await t.call('GET', '/_emulator/events/deliveries?type=security.api_key_revoked')).body);
    expect(log.total).toBe(0);
  });

  it('retries a failed delivery on the simulated clock (1 min, then 5 min) with the same id, and logs each attempt', async () => {
    hook.answer.status = 500;
    const emitted = await emit({ type: 'endpoint.failed', subject: 'ep_retry_probe' });
    expect(emitted.deliveries).toHaveLength(1);
    const id = emitted.deliveries[0]!;
    const first = await until(async () => {
      const x = await deliveryOf(id);
      return x.attempts.length === 1 ? x : undefined;
    }, 'the first attempt');
    expect(first.state).toBe('pending');
    expect(first.attempts[0]).toMatchObject({ status: 500, response_body: 'broken receiver' });
    expect(Date.parse(first.next_attempt_at!) - Date.parse(first.attempts[0]!.at)).toBe(60_000);
    await advanceClock(t.call, 61);
    const second = await until(async () => {
      const x = await deliveryOf(id);
      return x.attempts.length === 2 ? x : undefined;
    }, 'the second attempt');
    expect(second.state).toBe('pending');
    expect(Date.parse(second.next_attempt_at!) - Date.parse(second.attempts[1]!.at)).toBe(300_000);
    hook.answer.status = 200;
    await advanceClock(t.call, 301);
    const third = await until(async () => {
      const x = await deliveryOf(id);
      return x.state === 'succeeded' ? x : undefined;
    }, 'the third attempt');
    expect(third.attempts.map((a) => a.status)).toEqual([500, 500, 200]);
    const sent = hook.got.filter((r) => r.headers['webhook-id'] === id);
    expect(sent).toHaveLength(3);
    for (const r of sent) expect(new Webhook(SECRET).verify(r.body, r.headers)).toMatchObject({ id: emitted.event.id });
  });

  it('redelivers a delivery at once: same id and payload, a new signed attempt marked manual', async () => {
    const emitted = await emit({ type: 'endpoint.failed' });
    const id = emitted.deliveries[0]!;
    await until(async () => ((await deliveryOf(id)).state === 'succeeded' ? true : undefined), 'the delivery');
    const r = await t.call('POST', `/_emulator/events/deliveries/${id}/redeliver`);
    expect(r.status).toBe(200);
    const again = await until(async () => {
      const x = await deliveryOf(id);
      return x.attempts.length === 2 ? x : undefined;
    }, 'the redelivery');
    expect(again.attempts[1]).toMatchObject({ number: 2, status: 200, manual: true });
    const sent = hook.got.filter((r) => r.headers['webhook-id'] === id);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toBe(sent[0]!.body);
    new Webhook(SECRET).verify(sent[1]!.body, sent[1]!.headers);
  });

  it('emits any event by hand, picking a subject when none is named, and refuses what it cannot', async () => {
    const picked = await emit({ type: 'team.member_removed' });
    expect(picked.event).toMatchObject({ type: 'team.member_removed', data: { test: true } });
    expect(picked.event.data.subject).toMatch(/^usr_/);
    const named = await emit({ type: 'cluster.failed', subject: 'cl_named' });
    expect(named.event.data.subject).toBe('cl_named');
    expect(named.deliveries).toEqual([]); // not subscribed
    expect((await t.call('POST', '/_emulator/events', { body: { type: 'no.such_event' } })).status).toBe(400);
    expect((await t.call('POST', '/_emulator/events', { body: { type: 'endpoint.failed', extra: 1 } })).status).toBe(400);
    const missing = await t.call('GET', '/_emulator/events/deliveries/dlv_nosuchdelivery');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'DELIVERY_NOT_FOUND', details: { deliveryId: 'dlv_nosuchdelivery' } });
    expect((await t.call('POST', '/_emulator/events/deliveries/dlv_nosuchdelivery/redeliver')).status).toBe(404);
    expect((await t.call('GET', '/_emulator/events/deliveries?limit=0')).status).toBe(400);
    // Owner key only, like every emulator admin route.
    expect((await t.call('POST', '/_emulator/events', { body: { type: 'endpoint.failed' }, key: t.keys.admin })).status).toBe(403);
    expect((await t.call('GET', '/_emulator/outbox', { key: t.keys.viewer })).status).toBe(403);
  });

  it('puts the invitation mail in the outbox; its link names the invitation, which the invitee can accept', async () => {
    const r = await t.call('POST', '/v2/accounts/team/members/invite', { body: { email: 'outbox.invitee@example.com', role: 'viewer' } });
    expect(r.status).toBe(201);
    const { messages } = OutboxResponse.parse((await t.call('GET', '/_emulator/outbox?limit=10')).body);
    const mail = messages.find((m) => m.to === 'outbox.invitee@example.com')!;
    expect(mail).toMatchObject({ kind: 'invitation', link: r.body.invitation.inviteUrl, invitation_id: r.body.invitation.id });
    expect(mail.body).toContain(r.body.invitation.inviteUrl);
    const accepted = await t.call('POST', `/_emulator/invitations/${mail.invitation_id}/accept`, { body: {} });
    expect(accepted.status).toBe(200);
    // Subscribed: the webhook got the invitation too.
    await until(() => hook.got.find((x) => typeOf(x) === 'team.member_invited'), 'the invitation event');
  });

  it('emits what the clock decides (a stop completing) and what requests do (a refusal, a security change)', async () => {
    await subscribe(['cluster.stopped', 'security.access_denied', 'security.settings_changed']);
    const list = await t.call('GET', '/v1/clusters?status=running');
    const running = (list.body.data.clusters as Array<{ id: string; status: string }>).find((c) => c.status === 'running')!;
    expect((await t.call('POST', `/v1/clusters/${running.id}/stop`, { body: {} })).status).toBeLessThan(300);
    // Not yet: the stop's phases run on the simulated clock.
    expect(hook.got.filter((x) => typeOf(x) === 'cluster.stopped' && JSON.parse(x.body).data.subject === running.id)).toEqual([]);
    await advanceClock(t.call, 3600);
    const stopped = await until(
      () => hook.got.find((x) => typeOf(x) === 'cluster.stopped' && JSON.parse(x.body).data.subject === running.id),
      'the cluster.stopped event',
    );
    expect(JSON.parse(stopped.body).data).toMatchObject({ status: 'stopped' });
    // A viewer writing is refused: the 403 is an event besides its audit entry.
    const refused = await t.call('POST', '/v2/accounts/api-keys', {
      body: { name: 'not-allowed', permissions: ['read'], scopes: ['clusters'] },
      key: t.keys.viewer,
    });
    expect(refused.status).toBe(403);
    const denied = await until(() => hook.got.find((x) => typeOf(x) === 'security.access_denied'), 'the access_denied event');
    expect(JSON.parse(denied.body).data).toMatchObject({ route: 'POST /v2/accounts/api-keys', code: refused.body.error });
    expect((await t.call('PUT', '/v2/accounts/settings/security', { body: { session: { timeout: 12 } } })).status).toBe(200);
    const changed = await until(() => hook.got.find((x) => typeOf(x) === 'security.settings_changed'), 'the settings event');
    expect(JSON.parse(changed.body).data).toMatchObject({ section: 'security', changed: ['session'] });
  });

  it('fires a daily cost alert once when spending crosses it on the clock, and again the next day', async () => {
    await subscribe(['cost.threshold_exceeded', 'endpoint.failed']);
    // To just after the next UTC midnight: the day's spending starts from nothing.
    const clock = await t.call('GET', '/_emulator/clock');
    const now = Date.parse(clock.body.now);
    const midnight = Math.ceil(now / 86_400_000) * 86_400_000;
    await advanceClock(t.call, Math.ceil((midnight - now) / 1000) + 1);
    const set = await t.call('PUT', '/v2/accounts/settings/billing', {
      body: { timezone: 'UTC', cost_alerts: [{ threshold: 5, period: 'daily', enabled: true }] },
    });
    expect(set.status).toBe(200);
    const costEvents = () => hook.got.filter((x) => typeOf(x) === 'cost.threshold_exceeded' && !JSON.parse(x.body).data.test);
    await advanceClock(t.call, 1);
    expect(costEvents()).toHaveLength(0);
    await advanceClock(t.call, 6 * 3600); // the seeded running clusters and endpoints bill several dollars an hour
    const got = await until(() => costEvents()[0], 'the cost alert');
    const payload = new Webhook(SECRET).verify(got.body, got.headers) as { data: Record<string, unknown> };
    expect(payload.data).toMatchObject({ period: 'daily', threshold: 5, currency: 'USD', timezone: 'UTC' });
    expect(payload.data.spent as number).toBeGreaterThanOrEqual(5);
    expect(Date.parse(payload.data.period_start as string) % 86_400_000).toBe(0);
    await advanceClock(t.call, 3600);
    // Once per period: a later marker arrives, no second alert.
    const marker = await emit({ type: 'endpoint.failed' });
    await until(() => hook.got.find((x) => JSON.parse(x.body).id === marker.event.id), 'the marker');
    expect(costEvents()).toHaveLength(1);
    await advanceClock(t.call, 24 * 3600);
    await until(() => (costEvents().length === 2 ? true : undefined), 'the next day’s alert');
  });
});

describe('endpoint incidents as events (http)', () => {
  let t: Target;
  let hook: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    hook = await receiver();
    t = await overHttp();
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => hook.server.close(r));
  });

  it('delivers endpoint.failed when an incident strikes a healthy endpoint and endpoint.recovered when it ends; the endpoint reads unhealthy between', async () => {
    const list = await t.call('GET', '/v2/endpoints');
    const healthy = (list.body.endpoints as Array<{ id: string; health: string }>).find((e) => e.health === 'healthy')!;
    const now = Date.parse((await t.call('GET', '/_emulator/clock')).body.now);
    // The schedule is the simulator's own (sim/incidents.ts): a seeded endpoint has served healthy since before now.
    const stored = { id: healthy.id, health: 'healthy', health_since: 0 } as StoredEndpoint;
    const next = incidentsWithin(stored, 0, now + 60_000, now + 200 * 86_400_000)[0]!;
    await advanceClock(t.call, Math.floor((next.start - now) / 1000) - 30);
    const set = await t.call('PUT', '/v2/accounts/settings/notifications', {
      body: { webhook: { enabled: true, url: hook.url, events: ['endpoint.failed', 'endpoint.recovered'], secret: SECRET } },
    });
    expect(set.status).toBe(200);
    const health = async () => (await t.call('GET', `/v2/endpoints/${healthy.id}`)).body.health as string;
    expect(await health()).toBe('healthy');
    const about = (type: string) =>
      hook.got.find((r) => JSON.parse(r.body).type === type && JSON.parse(r.body).data.subject === healthy.id);

    await advanceClock(t.call, 60);
    const failed = await until(() => about('endpoint.failed'), 'endpoint.failed');
    const payload = new Webhook(SECRET).verify(failed.body, failed.headers) as { timestamp: string; data: Record<string, unknown> };
    expect(Date.parse(payload.timestamp)).toBe(next.start);
    expect(payload.data).toMatchObject({ health: 'unhealthy', reason: expect.stringContaining('Xid 79') });
    expect(await health()).toBe('unhealthy');
    const report = await t.call('GET', `/v2/endpoints/${healthy.id}/health`);
    expect(JSON.stringify(report.body)).toContain('Xid 79');
    expect(about('endpoint.recovered')).toBeUndefined();

    await advanceClock(t.call, Math.ceil((next.end - next.start) / 1000));
    const recovered = await until(() => about('endpoint.recovered'), 'endpoint.recovered');
    expect(Date.parse(JSON.parse(recovered.body).timestamp)).toBe(next.end);
    expect(await health()).toBe('healthy');
  });
});
