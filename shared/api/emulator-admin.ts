// The emulator's own admin routes (`/_emulator/*`, owner key only) and its snapshot format.
// Kept out of `operations` on purpose: the renderer's API channel must not reach them; the
// bridge has one explicit channel per action (shared/ipc/contract.ts, emulator:*).
import { z } from 'zod';
import {
  DeliveryListQuery,
  DeliveryListResponse,
  DeliveryParams,
  DeliveryResponse,
  EmitEventRequest,
  EmitEventResponse,
  OutboxQuery,
  OutboxResponse,
} from './accounts/deliveries';
import { AcceptInvitationRequest, AcceptInvitationResponse, InvitationParams } from './accounts/invitations';
import { Timestamp } from './common';
import { AccountErrorCode } from './errors';
import { defineOperation, type DeclaredOperation } from './operation';

export const SNAPSHOT_FORMAT = 'gpu-operator-console/emulator-snapshot';
/** 2: every area, accounts included, under `state.areas` (version 1 kept the accounts area at the top; still read from disk). */
export const SNAPSHOT_VERSION = 2;

const Ms = z.number().int().min(0);

/**
 * The simulated clock stays within 1970-01-01 and 9000-01-01 (docs/decisions.md, Clock): far
 * enough from the last date JavaScript can hold (+275760) and from the year 9999 that stored
 * timestamps are checked against, so every expiry, phase and window computed from it is a date.
 */
export const CLOCK_MAX_MS = Date.UTC(9000, 0, 1);

/**
 * Every area's stored state under its name. Each area's shape lives beside the area in the
 * emulator (main/emulator/areas/<name>/stored-schema.ts) and is checked there on import and load.
 */
export const WorldState = z.strictObject({
  areas: z.record(z.string(), z.unknown()),
});
export type WorldState = z.infer<typeof WorldState>;

export const EmulatorSnapshot = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  version: z.literal(SNAPSHOT_VERSION),
  savedAt: Timestamp,
  seed: z.number().int(),
  clock: z.object({ now: Ms.max(CLOCK_MAX_MS, 'the simulated clock cannot be past 9000-01-01') }),
  state: WorldState,
});
export type EmulatorSnapshot = z.infer<typeof EmulatorSnapshot>;

export const HealthResponse = z.object({
  status: z.literal('ok'),
  seed: z.number().int(),
  now: Timestamp,
  uptimeSeconds: z.number(),
  keys: z.number().int(),
  persistence: z.enum(['memory', 'disk']),
});

/** Chosen bound: one simulated year per call (docs/decisions.md). */
export const CLOCK_ADVANCE_MAX_SECONDS = 366 * 24 * 3600;
export const ClockAdvanceRequest = z.strictObject({
  seconds: z.number().positive().max(CLOCK_ADVANCE_MAX_SECONDS),
});
/**
 * How many simulated seconds one real second is (docs/decisions.md, Simulated clock): above 0
 * (the clock always runs) and at most a million — the same bounds as the CLI's `--speed`.
 */
export const CLOCK_SPEED_MAX = 1_000_000;
export const ClockSpeedRequest = z.strictObject({
  speed: z.number().positive().max(CLOCK_SPEED_MAX),
});
export const ClockResponse = z.object({
  now: Timestamp,
  speed: z.number(),
  offsetSeconds: z.number(),
  startedAt: Timestamp,
});

export const ResetResponse = z.object({ seed: z.number().int(), now: Timestamp, message: z.string() });
export const SnapshotImportResponse = z.object({ keys: z.number().int(), message: z.string() });

export const JOURNAL_MAX = 1000;
const JournalQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(JOURNAL_MAX).default(100),
});
export const JournalEntry = z.object({
  at: Timestamp,
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  durationMs: z.number(),
  keyId: z.string().nullable(),
});
export type JournalEntry = z.infer<typeof JournalEntry>;
export const JournalResponse = z.object({ entries: z.array(JournalEntry), total: z.number().int() });

/** The chaos rules' bounds, named so that forms can say them in words. */
export const CHAOS_ROUTE_MAX = 300;
export const CHAOS_LATENCY_MAX_MS = 10_000;
export const CHAOS_STATUS_MIN = 400;
export const CHAOS_STATUS_MAX = 599;
export const CHAOS_RULES_MAX = 50;
export const CHAOS_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const ChaosRule = z.strictObject({
  /** Segment glob: `*` one segment, `**` any number of segments, `*` within a segment any characters; e.g. `/v2/accounts/api-keys/*`. */
  route: z.string().min(1).max(CHAOS_ROUTE_MAX).startsWith('/'),
  method: z.enum(CHAOS_METHODS).optional(),
  latencyMs: z.number().int().min(0).max(CHAOS_LATENCY_MAX_MS).default(0),
  /** The share of matching requests that fail, 0–1. */
  errorRate: z.number().min(0).max(1).default(0),
  status: z.number().int().min(CHAOS_STATUS_MIN).max(CHAOS_STATUS_MAX).default(503),
  code: AccountErrorCode.default('CHAOS_INJECTED'),
});
export type ChaosRule = z.infer<typeof ChaosRule>;
export const ChaosRequest = z.strictObject({
  rules: z.array(ChaosRule).max(CHAOS_RULES_MAX),
  seed: z.number().int().optional(),
});
export const ChaosResponse = z.object({ rules: z.array(ChaosRule), seed: z.number().int() });

const OpenApiDocument = z.record(z.string(), z.unknown());

const admin = { limitGroup: 'emulator', envelope: 'account', scope: null } as const;

export const emulatorAdminOperations = {
  'emulator.health': defineOperation({
    ...admin,
    id: 'emulator.health',
    method: 'GET',
    path: '/_emulator/health',
    access: 'read',
    summary: 'Emulator health',
    response: HealthResponse,
    errors: [],
  }),
  'emulator.reset': defineOperation({
    ...admin,
    id: 'emulator.reset',
    method: 'POST',
    path: '/_emulator/reset',
    access: 'write',
    summary: 'Back to the seeded world',
    response: ResetResponse,
    errors: [],
  }),
  'emulator.clock': defineOperation({
    ...admin,
    id: 'emulator.clock',
    method: 'GET',
    path: '/_emulator/clock',
    access: 'read',
    summary: 'The simulated clock',
    response: ClockResponse,
    errors: [],
  }),
  'emulator.clockAdvance': defineOperation({
    ...admin,
    id: 'emulator.clockAdvance',
    method: 'POST',
    path: '/_emulator/clock/advance',
    access: 'write',
    summary: 'Move the simulated clock forward',
    body: ClockAdvanceRequest,
    response: ClockResponse,
    errors: ['VALIDATION_ERROR'],
  }),
  'emulator.clockSpeed': defineOperation({
    ...admin,
    id: 'emulator.clockSpeed',
    method: 'PUT',
    path: '/_emulator/clock',
    access: 'write',
    summary: 'Set how fast the simulated clock runs (simulated now is unchanged)',
    body: ClockSpeedRequest,
    response: ClockResponse,
    errors: ['VALIDATION_ERROR'],
  }),
  'emulator.snapshotExport': defineOperation({
    ...admin,
    id: 'emulator.snapshotExport',
    method: 'GET',
    path: '/_emulator/snapshot',
    access: 'read',
    summary: 'Export the state (key hashes only, never key values)',
    response: EmulatorSnapshot,
    errors: [],
  }),
  'emulator.snapshotImport': defineOperation({
    ...admin,
    id: 'emulator.snapshotImport',
    method: 'POST',
    path: '/_emulator/snapshot',
    access: 'write',
    summary: 'Replace the state with a snapshot',
    body: EmulatorSnapshot,
    response: SnapshotImportResponse,
    errors: ['VALIDATION_ERROR'],
  }),
  'emulator.journal': defineOperation({
    ...admin,
    id: 'emulator.journal',
    method: 'GET',
    path: '/_emulator/journal',
    access: 'read',
    summary: 'The last requests (never key values)',
    query: JournalQuery,
    response: JournalResponse,
    errors: ['VALIDATION_ERROR'],
  }),
  'emulator.chaosGet': defineOperation({
    ...admin,
    id: 'emulator.chaosGet',
    method: 'GET',
    path: '/_emulator/chaos',
    access: 'read',
    summary: 'Chaos rules in force',
    response: ChaosResponse,
    errors: [],
  }),
  'emulator.chaosSet': defineOperation({
    ...admin,
    id: 'emulator.chaosSet',
    method: 'PUT',
    path: '/_emulator/chaos',
    access: 'write',
    summary: 'Replace the chaos rules',
    body: ChaosRequest,
    response: ChaosResponse,
    errors: ['VALIDATION_ERROR'],
  }),
  'emulator.invitationAccept': defineOperation({
    ...admin,
    id: 'emulator.invitationAccept',
    method: 'POST',
    path: '/_emulator/invitations/:invitation_id/accept',
    access: 'write',
    summary: 'Accept an invitation as the invitee would (the API does not show acceptance): the member becomes active',
    params: InvitationParams,
    body: AcceptInvitationRequest,
    response: AcceptInvitationResponse,
    fieldErrors: { invitation_id: 'INVITATION_NOT_FOUND' },
    errors: ['VALIDATION_ERROR', 'INVITATION_NOT_FOUND', 'INVALID_STATE'],
  }),
  'emulator.eventEmit': defineOperation({
    ...admin,
    id: 'emulator.eventEmit',
    method: 'POST',
    path: '/_emulator/events',
    access: 'write',
    summary: 'Emit an event now, as its operation would (like `stripe trigger`): delivered per the notification settings',
    body: EmitEventRequest,
    response: EmitEventResponse,
    errors: ['VALIDATION_ERROR'],
  }),
  'emulator.deliveryList': defineOperation({
    ...admin,
    id: 'emulator.deliveryList',
    method: 'GET',
    path: '/_emulator/events/deliveries',
    access: 'read',
    summary: 'The delivery log of the account webhook and the chat webhook, newest first',
    query: DeliveryListQuery,
    response: DeliveryListResponse,
    errors: ['VALIDATION_ERROR'],
  }),
  'emulator.deliveryGet': defineOperation({
    ...admin,
    id: 'emulator.deliveryGet',
    method: 'GET',
    path: '/_emulator/events/deliveries/:delivery_id',
    access: 'read',
    summary: 'One delivery: its payload, each attempt with its headers, answer and duration',
    params: DeliveryParams,
    response: DeliveryResponse,
    fieldErrors: { delivery_id: 'DELIVERY_NOT_FOUND' },
    errors: ['VALIDATION_ERROR', 'DELIVERY_NOT_FOUND'],
  }),
  'emulator.deliveryRedeliver': defineOperation({
    ...admin,
    id: 'emulator.deliveryRedeliver',
    method: 'POST',
    path: '/_emulator/events/deliveries/:delivery_id/redeliver',
    access: 'write',
    summary: 'Send a delivery again now (same id and payload, a new signature)',
    params: DeliveryParams,
    response: DeliveryResponse,
    fieldErrors: { delivery_id: 'DELIVERY_NOT_FOUND' },
    errors: ['VALIDATION_ERROR', 'DELIVERY_NOT_FOUND'],
  }),
  'emulator.outbox': defineOperation({
    ...admin,
    id: 'emulator.outbox',
    method: 'GET',
    path: '/_emulator/outbox',
    access: 'read',
    summary: 'The emails the platform would have sent (invitations, alerts, security notices), newest first',
    query: OutboxQuery,
    response: OutboxResponse,
    errors: ['VALIDATION_ERROR'],
  }),
  'emulator.openapi': defineOperation({
    ...admin,
    id: 'emulator.openapi',
    method: 'GET',
    path: '/_emulator/openapi.json',
    access: 'read',
    summary: 'OpenAPI 3.1 document of every implemented route',
    response: OpenApiDocument,
    errors: [],
  }),
} as const satisfies Record<string, DeclaredOperation>;
type EmulatorAdminOperations = typeof emulatorAdminOperations;
export type EmulatorAdminOperationId = keyof EmulatorAdminOperations;
