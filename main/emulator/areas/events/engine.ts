// Sends what events make (docs/decisions.md, Settings, events and profile: Events): each event is
// turned into deliveries (the account webhook, the chat webhook) and outbox mails at once, the
// deliveries are sent from a bounded queue with bounded concurrency, after the answer of the
// request that emitted them — no API answer waits for one. A failed attempt (not 2xx, no answer
// in 10 s, unreachable) is tried again on the SIMULATED clock, 1 min, 5 min, 30 min and 2 h later.
import {
  DELIVERY_ATTEMPTS_MAX,
  DELIVERY_LOG_MAX,
  DELIVERY_RETRY_DELAYS_S,
  type Delivery,
  type PlatformEvent,
} from '../../../../shared/api/accounts/deliveries';
import type { EmulatorContext } from '../../core/context';
import type { EventSink } from '../../core/events';
import { pooledId } from '../../core/ids';
import { costAlertKey, evaluateCostAlerts } from './cost-alerts';
import { chatClassOf, chatMessage, mailsOf } from './messages';
import { Sender, type PostResult } from './post';
import { eventsRecord } from './records';
import { AREA, eventsOf, outboxExcess, type Events } from './state';
import { webhookHeaders } from './sign';

/** Attempts in flight at once. */
const CONCURRENCY = 64;
/**
 * Deliveries waiting to be sent or retried. Past it a new delivery is written to the log as failed
 * ("queue full") and not sent: the overflow rule. Below it no event is lost.
 */
const PENDING_MAX = 20_000;

const iso = (ms: number) => new Date(ms).toISOString();

export class DeliveryEngine implements EventSink {
  private readonly queue: Array<{ id: string; manual: boolean }> = [];
  private readonly queued = new Set<string>();
  private inFlight = 0;
  private pending = 0;
  private closed = false;
  private readonly sender = new Sender();
  private readonly idle = new Set<() => void>();
  private readonly secrets = new Map<string, string | null>();
  private live: Events | null = null;
  /** Finished deliveries in the order they finished (oldest first): what the log's bound drops first. */
  private finished: string[] = [];

  constructor(private readonly ctx: EmulatorContext) {
    // A reset or import replaces the slice: what was queued for the old one is forgotten.
    ctx.store.onStateChange((area) => {
      if (area === undefined) this.reload();
    });
  }

  private events(): Events {
    if (this.live !== eventsOf(this.ctx.store)) this.reload();
    return this.live!;
  }

  private reload(): void {
    this.live = eventsOf(this.ctx.store);
    this.queue.length = 0;
    this.queued.clear();
    this.secrets.clear();
    this.pending = 0;
    this.finished = [];
    for (const d of this.live.deliveries.values()) {
      if (d.state === 'pending') this.pending++;
      else this.finished.push(d.id);
    }
  }

  receive(event: PlatformEvent, now: number): { deliveries: string[]; mails: string[] } {
    const live = this.events();
    const directory = this.ctx.directory();
    const { settings } = directory.account();
    const { webhook, chat } = settings.notifications;
    const deliveries: string[] = [];
    if (webhook.enabled && webhook.url && webhook.events.includes(event.type)) {
      deliveries.push(this.create(live, event, 'webhook', webhook.url, JSON.stringify(event), webhook.secret, now));
    }
    const chatClass = chatClassOf(event.type);
    if (chat.enabled && chat.webhook_url && chatClass && chat.alerts[chatClass]) {
      deliveries.push(this.create(live, event, 'chat', chat.webhook_url, chatMessage(event, chat.channel), null, now));
    }
    const mails: string[] = [];
    for (const draft of mailsOf(event, settings, directory.organization().name)) {
      const mail = {
        id: pooledId('mail_', 16),
        at: iso(now),
        kind: draft.kind,
        to: draft.to,
        subject: draft.subject,
        body: draft.body,
        link: draft.link,
        invitation_id: draft.invitationId,
        event_id: event.id,
      };
      live.outbox.push(mail);
      this.log(eventsRecord.mail(mail.id));
      mails.push(mail.id);
    }
    const excess = outboxExcess(live.outbox);
    if (excess > 0) for (const m of live.outbox.splice(0, excess)) this.log(eventsRecord.mail(m.id));
    this.trim(live);
    this.pump();
    return { deliveries, mails };
  }

  /** Sends a delivery again now, whatever its state; its scheduled retries, if any, stay as they are. */
  redeliver(id: string): Delivery | null {
    const d = this.events().deliveries.get(id);
    if (!d) return null;
    this.enqueue(d.id, true);
    this.pump();
    return d;
  }

  costAlertNotifications(index: number, alert: { period: string; threshold: number }, periodStart: number): number {
    const live = this.events();
    const key = costAlertKey(index, alert);
    const eventId = live.alertEvents[key];
    if (live.alertMarks[key] !== periodStart || eventId === undefined) return 0;
    let sent = 0;
    for (const d of live.deliveries.values()) if (d.event_id === eventId && d.state === 'succeeded') sent++;
    for (const m of live.outbox) if (m.event_id === eventId) sent++;
    return sent;
  }

  tick(now: number): void {
    if (this.closed) return;
    const live = this.events();
    if (live.scannedAt === null) {
      // A first start (or a state without a scan point): what is already true is taken as known —
      // no happening of the past is emitted and alerts already crossed in their period are marked
      // silently. Not logged: an idle start writes nothing (the next snapshot keeps it).
      live.scannedAt = now;
      evaluateCostAlerts(this.ctx, live, now, { silent: true });
    } else if (now > live.scannedAt) {
      // The scan point moves (and is logged) only when something happened: scanning a longer span
      // costs the same (areas compute from their timelines), and an idle emulator writes nothing.
      const happened = this.ctx.happenings(live.scannedAt, now);
      if (happened.length) {
        live.scannedAt = now;
        this.log(eventsRecord.scan);
      }
      for (const h of happened) this.ctx.events.emit(h.type, { subject: h.subject, data: h.data, at: h.at });
    }
    if (evaluateCostAlerts(this.ctx, live, now)) {
      this.log(eventsRecord.marks);
      this.log(eventsRecord.alertEvents);
    }
    for (const d of live.deliveries.values()) {
      if (d.state === 'pending' && d.next_attempt_at !== null && Date.parse(d.next_attempt_at) <= now) this.enqueue(d.id, false);
    }
    this.pump();
    void this.ctx.persister?.commit().catch(() => {});
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.sender.close();
    if (this.inFlight > 0) await new Promise<void>((resolve) => this.idle.add(resolve));
  }

  private create(
    live: Events,
    event: PlatformEvent,
    channel: Delivery['channel'],
    url: string,
    payload: string,
    secret: string | null,
    now: number,
  ): string {
    const full = this.pending >= PENDING_MAX;
    const d: Delivery = {
      id: pooledId('dlv_', 20),
      event_id: event.id,
      event_type: event.type,
      channel,
      url,
      payload,
      signed: secret !== null,
      state: full ? 'failed' : 'pending',
      attempts: full
        ? [
            {
              number: 1,
              at: iso(now),
              headers: {},
              status: null,
              error: `not sent: ${PENDING_MAX} deliveries were already waiting`,
              response_body: '',
              duration_ms: 0,
              manual: false,
            },
          ]
        : [],
      next_attempt_at: full ? null : iso(now),
      created_at: iso(now),
    };
    live.deliveries.set(d.id, d);
    // The secret is read when the delivery is made (a later change of secret signs only later events).
    this.secrets.set(d.id, secret);
    this.log(eventsRecord.delivery(d.id));
    if (full) this.finished.push(d.id);
    else {
      this.pending++;
      this.enqueue(d.id, false);
    }
    return d.id;
  }

  private enqueue(id: string, manual: boolean): void {
    if (this.queued.has(id)) return;
    this.queued.add(id);
    this.queue.push({ id, manual });
  }

  private pump(): void {
    while (!this.closed && this.inFlight < CONCURRENCY && this.queue.length) {
      const { id, manual } = this.queue.shift()!;
      const d = this.live?.deliveries.get(id);
      if (!d) {
        this.queued.delete(id);
        continue;
      }
      this.inFlight++;
      // Callbacks, not promises: a promise chain per delivery costs the emulator's thread more than the rest.
      this.attempt(d, manual, () => {
        this.queued.delete(id);
        this.inFlight--;
        if (this.inFlight === 0) for (const f of this.idle) f();
        this.pump();
      });
    }
  }

  private attempt(d: Delivery, manual: boolean, done: () => void): void {
    let headers: Record<string, string>;
    try {
      const secret = d.channel === 'webhook' ? this.secretOf(d) : null;
      headers =
        d.channel === 'webhook'
          ? webhookHeaders(d.id, d.payload, secret)
          : { 'content-type': 'application/json', 'user-agent': 'gpc-emulator-notifications' };
    } catch (e) {
      console.error('emulator: a delivery could not be prepared:', e instanceof Error ? e.message : e);
      done();
      return;
    }
    this.sender.post(d.url, headers, d.payload, (answer) => {
      try {
        this.record(d, manual, headers, answer);
      } catch (e) {
        console.error('emulator: a delivery attempt could not be recorded:', e instanceof Error ? e.message : e);
      }
      done();
    });
  }

  private record(d: Delivery, manual: boolean, headers: Record<string, string>, { status, body, error, ms }: PostResult): void {
    if (this.closed || this.live?.deliveries.get(d.id) !== d) return; // closed, reset or dropped meanwhile
    const now = this.ctx.clock.now();
    const ok = status !== null && status >= 200 && status < 300;
    d.attempts.push({
      number: d.attempts.length + 1,
      at: iso(now),
      headers,
      status,
      error,
      response_body: body,
      duration_ms: Math.round(ms * 10) / 10,
      manual,
    });
    const wasPending = d.state === 'pending';
    const scheduled = d.attempts.filter((a) => !a.manual).length;
    if (ok) {
      d.state = 'succeeded';
      d.next_attempt_at = null;
    } else if (!manual && scheduled < DELIVERY_ATTEMPTS_MAX) {
      d.state = 'pending';
      d.next_attempt_at = iso(now + DELIVERY_RETRY_DELAYS_S[scheduled - 1]! * 1000);
    } else if (!manual || !wasPending) {
      d.state = 'failed';
      d.next_attempt_at = null;
    }
    if (d.state !== 'pending') this.finished.push(d.id);
    if (wasPending && d.state !== 'pending') this.pending--;
    if (!wasPending && d.state === 'pending') this.pending++;
    this.log(eventsRecord.delivery(d.id));
    this.trim(this.live);
  }

  private secretOf(d: Delivery): string | null {
    if (this.secrets.has(d.id)) return this.secrets.get(d.id)!;
    // After a restart: the secret in force now (the log does not keep secrets).
    return d.signed ? this.ctx.directory().account().settings.notifications.webhook.secret : null;
  }

  /** Drops the oldest finished deliveries beyond the log's bound (pending ones stay until they finish). */
  private trim(live: Events): void {
    let i = 0;
    while (live.deliveries.size > DELIVERY_LOG_MAX && i < this.finished.length) {
      const id = this.finished[i++]!;
      const d = live.deliveries.get(id);
      if (!d || d.state === 'pending') continue; // gone already, or sent again and pending
      live.deliveries.delete(id);
      this.secrets.delete(id);
      this.log(eventsRecord.delivery(id));
    }
    if (i > 0) this.finished.splice(0, i);
  }

  /**
   * The delivery log is written to the write-ahead log without moving the store's version: no
   * API view derives from it, so caches of the API's answers stay valid at 1,000 events a second.
   */
  private log(id: string): void {
    this.ctx.store.sink?.touched(AREA, id);
  }
}
