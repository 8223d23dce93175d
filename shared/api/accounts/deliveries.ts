// Event deliveries (01-accounts.md, Events; docs/decisions.md, Settings, events and profile:
// Events): the event as the emulator sends it, the delivery log of the account webhook and the
// chat webhook, the email outbox, and the bodies of the emulator's admin routes over them.
import { z } from 'zod';
import { Timestamp } from '../common';
import { EVENT_TYPES } from './event-types';

/** Attempts of one delivery, first included, and the waits before the 2nd…5th (simulated seconds). */
export const DELIVERY_RETRY_DELAYS_S = [60, 300, 1_800, 7_200] as const;
export const DELIVERY_ATTEMPTS_MAX = DELIVERY_RETRY_DELAYS_S.length + 1;
/** An attempt with no answer within this is failed (real time). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** What is kept of an answer's body. */
export const DELIVERY_EXCERPT_MAX = 1_024;
/** Deliveries kept in the log (finished ones beyond it are dropped, oldest first); mails kept in the outbox. */
export const DELIVERY_LOG_MAX = 1_000;
export const OUTBOX_MAX = 500;
/** A subject named by `POST /_emulator/events`. */
const SUBJECT_MAX = 200;

const DELIVERY_CHANNELS = ['webhook', 'chat'] as const;
const DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const;
const MAIL_KINDS = ['invitation', 'alert', 'security'] as const;

/** One event as POSTed to the account webhook: `data.subject` names the resource it is about. */
export const PlatformEvent = z.object({
  id: z.string().startsWith('evt_'),
  type: z.enum(EVENT_TYPES),
  /** When it happened, on the simulated clock. */
  timestamp: Timestamp,
  account_id: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type PlatformEvent = z.infer<typeof PlatformEvent>;

const DeliveryAttempt = z.object({
  number: z.number().int().min(1),
  /** Simulated time of the attempt. */
  at: Timestamp,
  /** The request headers this attempt sent (its signature is of this attempt's timestamp). */
  headers: z.record(z.string(), z.string()),
  /** The answer's status; null when none came (timeout, unreachable). */
  status: z.number().int().nullable(),
  /** Why no answer came, else null. */
  error: z.string().nullable(),
  /** The start of the answer's body (at most DELIVERY_EXCERPT_MAX characters). */
  response_body: z.string(),
  /** Real milliseconds from sending to the answer (or the failure). */
  duration_ms: z.number(),
  /** A manual redelivery rather than a scheduled attempt. */
  manual: z.boolean(),
});

export const Delivery = z.object({
  id: z.string().startsWith('dlv_'),
  event_id: z.string(),
  event_type: z.enum(EVENT_TYPES),
  channel: z.enum(DELIVERY_CHANNELS),
  url: z.string(),
  /** The body sent on every attempt (the event for the webhook, the chat message for chat). */
  payload: z.string(),
  /** Whether the webhook had a secret to sign with (chat messages are never signed). */
  signed: z.boolean(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.array(DeliveryAttempt),
  /** When the next scheduled attempt is due (simulated); null when none is. */
  next_attempt_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export type Delivery = z.infer<typeof Delivery>;

export const OutboxMail = z.object({
  id: z.string().startsWith('mail_'),
  at: Timestamp,
  kind: z.enum(MAIL_KINDS),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  /** The link the mail carries (an invitation's accept address), else null. */
  link: z.string().nullable(),
  /** The invitation an invitation mail is for, else null. */
  invitation_id: z.string().nullable(),
  event_id: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMail>;

export const DeliveryListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(DELIVERY_LOG_MAX).default(100),
  state: z.enum(DELIVERY_STATES).optional(),
  channel: z.enum(DELIVERY_CHANNELS).optional(),
  type: z.enum(EVENT_TYPES).optional(),
});
export const DeliveryListResponse = z.object({
  /** Newest first. */
  deliveries: z.array(Delivery),
  /** How many the log holds that match, before `limit`. */
  total: z.number().int(),
});
export const DeliveryParams = z.strictObject({ delivery_id: z.string().startsWith('dlv_').max(100) });
export const DeliveryResponse = z.object({ delivery: Delivery });

export const OutboxQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(OUTBOX_MAX).default(100) });
export const OutboxResponse = z.object({ messages: z.array(OutboxMail), total: z.number().int() });

export const EmitEventRequest = z.strictObject({
  type: z.enum(EVENT_TYPES),
  /** The resource the event is about; without it the emulator picks a fitting one. */
  subject: z.string().min(1).max(SUBJECT_MAX).optional(),
});
export const EmitEventResponse = z.object({
  event: PlatformEvent,
  /** The deliveries it started (webhook, chat), as queued. */
  deliveries: z.array(z.string()),
  /** The mails it put in the outbox. */
  mails: z.array(z.string()),
});
