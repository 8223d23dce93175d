// The bridge contract: every function the renderer may call on the main process (or the
// web-mode server), each with request and response schemas, and the streams it may
// subscribe to. The preload exposes exactly these; both transports validate with them.
import { z } from 'zod';
import { RateLimitInfo } from '../api/accounts/api-keys';
import {
  DeliveryListQuery,
  DeliveryListResponse,
  DeliveryParams,
  DeliveryResponse,
  EmitEventRequest,
  EmitEventResponse,
  OutboxQuery,
  OutboxResponse,
} from '../api/accounts/deliveries';
import { AcceptInvitationRequest, AcceptInvitationResponse, InvitationParams } from '../api/accounts/invitations';
import {
  ChaosRequest,
  ChaosResponse,
  ClockAdvanceRequest,
  ClockResponse,
  ClockSpeedRequest,
  EmulatorSnapshot,
  HealthResponse,
  JOURNAL_MAX,
  JournalResponse,
  ResetResponse,
  SnapshotImportResponse,
} from '../api/emulator-admin';
import { NormalizedError } from '../api/errors';
import { avatarUploadChannels } from './avatar-uploads';
import { datasetUploadChannels } from './dataset-uploads';
import { modelDownloadChannels, modelDownloadTopics } from './model-downloads';
import {
  LogTailEvent,
  LogTailParams,
  MetricsLiveEvent,
  MetricsLiveParams,
  RefreshPace,
  TrainingJobLiveEvent,
  TrainingJobLiveParams,
} from './streams';
import { experimentExportChannels } from './experiment-exports';

export const ProfileId = z.string().regex(/^[a-z0-9-]{1,64}$/);
export const ProfileName = z.string().trim().min(1, 'Name is required').max(60, 'Name is at most 60 characters');
/** A remote base URL: https, or http only to a loopback host (a local emulator). */
const BaseUrl = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .refine(
    (u) => /^https:\/\//i.test(u) || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/i.test(u),
    'Use https (plain http only for localhost)',
  );
/** A key's prefix as the API lists it (01-accounts.md, API key: ends with an underscore). */
const KeyPrefix = z.string().regex(/^[\x21-\x7e]{0,99}_$/, 'A key prefix ends with an underscore');
/** A profile that holds a given key (never the key itself). */
export const KeyHolder = z.object({ id: ProfileId, name: z.string(), builtIn: z.boolean() });
export type KeyHolder = z.infer<typeof KeyHolder>;
/** @internal Exported for its tests only. */
export const KeyUses = z.object({ uses: z.array(z.object({ prefix: z.string(), profiles: z.array(KeyHolder) })) });
export type KeyUses = z.infer<typeof KeyUses>;

/** An API key value as entered by a user: printable, no whitespace. */
const ApiKeyValue = z.string().regex(/^[\x21-\x7e]{8,512}$/, 'An API key is 8–512 printable characters without spaces');

export const Profile = z.object({
  id: ProfileId,
  name: z.string(),
  kind: z.enum(['emulator', 'remote']),
  baseUrl: z.string().nullable(),
  builtIn: z.boolean(),
  hasKey: z.boolean(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof Profile>;

export const ProfilesState = z.object({ profiles: z.array(Profile), activeId: ProfileId });
export type ProfilesState = z.infer<typeof ProfilesState>;

export const VaultStatus = z.object({
  backend: z.enum(['keychain', 'memory']),
  persistent: z.boolean(),
  /** Where keys are kept, in words for the UI (e.g. "GNOME Keyring (Secret Service)"). */
  location: z.string(),
  /** Why the keychain is not used, when it is not. */
  reason: z.string().optional(),
});
export type VaultStatus = z.infer<typeof VaultStatus>;

export const AppInfo = z.object({
  mode: z.enum(['electron', 'web']),
  version: z.string(),
  platform: z.string(),
  vault: VaultStatus,
  dataDir: z.string(),
});
export type AppInfo = z.infer<typeof AppInfo>;

/** An API call: an operation of shared/api/operations and its input. Validated against that operation's schemas. */
const CallId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
export const ApiCallRequest = z.strictObject({
  op: z.string().min(1).max(100),
  /** Lets the renderer cancel the call with api:cancel. */
  callId: CallId.optional(),
  input: z
    .strictObject({
      params: z.record(z.string(), z.unknown()).optional(),
      query: z.record(z.string(), z.unknown()).optional(),
      body: z.unknown().optional(),
    })
    .default({}),
});
export type ApiCallRequest = z.infer<typeof ApiCallRequest>;

export const ApiCallResponse = z.object({
  status: z.number().int(),
  rateLimit: RateLimitInfo.nullable(),
  data: z.unknown(),
  /** The server's clock when it answered (its `Date` header; the emulator's simulated now), in ms. */
  serverTime: z.number().int().optional(),
});
export type ApiCallResponse = z.infer<typeof ApiCallResponse>;

const Empty = z.strictObject({});

/**
 * "Test connection": `GET /v2/auth/verify` with a base URL and a key before they are saved.
 * For an existing profile (`id`), what is not given comes from it — its stored key stays in
 * the main process and is never sent back.
 */
const ProfileTestRequest = z
  .strictObject({ id: ProfileId.optional(), baseUrl: BaseUrl.optional(), apiKey: ApiKeyValue.optional() })
  .refine((r) => r.id !== undefined || (r.baseUrl !== undefined && r.apiKey !== undefined), 'Enter a base URL and an API key');
export const ProfileTestResult = z.object({
  ok: z.boolean(),
  /** The answer's HTTP status; 0 when no answer came. */
  status: z.number().int(),
  latencyMs: z.number().int().nonnegative(),
  /** What happened, in words. */
  message: z.string(),
  /** The error code, when it failed. */
  code: z.string().optional(),
  /** What the server says about the key, when it accepted it. */
  key: z
    .object({ id: z.string(), permissions: z.array(z.string()), scopes: z.array(z.string()), expiresAt: z.string().nullable() })
    .optional(),
});
export type ProfileTestResult = z.infer<typeof ProfileTestResult>;

/**
 * The emulator's admin actions, one explicit channel each (never through api:call). They act
 * on the active profile when it is an emulator profile, with its owner key; on any other the
 * answer is the EMULATOR_ONLY error.
 */
const emulatorChannels = {
  'emulator:health': { request: Empty, response: HealthResponse },
  'emulator:clock': { request: Empty, response: ClockResponse },
  'emulator:advanceClock': { request: ClockAdvanceRequest, response: ClockResponse },
  'emulator:setClockSpeed': { request: ClockSpeedRequest, response: ClockResponse },
  'emulator:reset': { request: Empty, response: ResetResponse },
  'emulator:journal': {
    request: z.strictObject({ limit: z.number().int().min(1).max(JOURNAL_MAX).default(100) }),
    response: JournalResponse,
  },
  'emulator:chaos': { request: Empty, response: ChaosResponse },
  'emulator:setChaos': { request: ChaosRequest, response: ChaosResponse },
  'emulator:exportSnapshot': { request: Empty, response: EmulatorSnapshot },
  'emulator:importSnapshot': { request: EmulatorSnapshot, response: SnapshotImportResponse },
  // Event deliveries (issue 20): emit an event now, the delivery log, redelivery, the outbox, and
  // an invitation accepted as its invitee would (the outbox's invitation links).
  'emulator:emitEvent': { request: EmitEventRequest, response: EmitEventResponse },
  'emulator:deliveries': { request: DeliveryListQuery, response: DeliveryListResponse },
  'emulator:delivery': { request: DeliveryParams, response: DeliveryResponse },
  'emulator:redeliver': { request: DeliveryParams, response: DeliveryResponse },
  'emulator:outbox': { request: OutboxQuery, response: OutboxResponse },
  'emulator:acceptInvitation': { request: InvitationParams.extend(AcceptInvitationRequest.shape), response: AcceptInvitationResponse },
} as const;

export const channels = {
  'app:info': { request: Empty, response: AppInfo },
  'api:call': { request: ApiCallRequest, response: ApiCallResponse },
  'api:cancel': { request: z.strictObject({ callId: CallId }), response: z.object({ cancelled: z.boolean() }) },
  /**
   * A view that refreshes in the background (a list waiting for a job to finish) asks for its
   * next slot of the console's read budget (main/gateway/read-budget.ts): the wait and why.
   */
  'refresh:reserve': {
    request: z.strictObject({
      group: z.enum(['accounts', 'auth', 'clusters', 'endpoints', 'training', 'ai', 'usage']),
      /** The view's own name for itself (one per polling view of a window). */
      follower: z.string().regex(/^[A-Za-z0-9:._-]{1,100}$/),
      reads: z.number().int().min(1).max(10),
      preferredMs: z.number().int().min(1_000).max(3_600_000),
    }),
    response: RefreshPace,
  },
  /** That view stopped refreshing (closed, or what it followed settled): the others get its part of the pace. */
  'refresh:leave': {
    request: z.strictObject({ follower: z.string().regex(/^[A-Za-z0-9:._-]{1,100}$/) }),
    response: z.object({ left: z.literal(true) }),
  },
  'profiles:list': { request: Empty, response: ProfilesState },
  'profiles:create': {
    request: z.strictObject({ name: ProfileName, baseUrl: BaseUrl, apiKey: ApiKeyValue }),
    response: Profile,
  },
  'profiles:update': {
    request: z.strictObject({
      id: ProfileId,
      name: ProfileName.optional(),
      baseUrl: BaseUrl.optional(),
      apiKey: ApiKeyValue.optional(),
    }),
    response: Profile,
  },
  'profiles:test': { request: ProfileTestRequest, response: ProfileTestResult },
  'profiles:remove': { request: z.strictObject({ id: ProfileId }), response: z.object({ removed: z.literal(true) }) },
  'profiles:activate': { request: z.strictObject({ id: ProfileId }), response: ProfilesState },
  /** "Use as a profile": a new profile aimed where the active one is, holding this key. */
  'profiles:fromKey': {
    request: z.strictObject({ name: ProfileName, apiKey: ApiKeyValue, activate: z.boolean().default(false) }),
    response: Profile,
  },
  /**
   * Which saved profiles aimed where the active one is hold a key with one of these prefixes
   * (the ones of the key list): revoking or rotating it would cut them off. The built-in
   * profile's key is the local emulator's owner key. Only prefixes some profile holds are answered.
   */
  'profiles:usingKeys': {
    request: z.strictObject({ prefixes: z.array(KeyPrefix).min(1).max(5000) }),
    response: KeyUses,
  },
  'shell:openExternal': {
    request: z.strictObject({ url: z.url({ protocol: /^https$/ }).max(2048) }),
    response: z.object({ opened: z.boolean() }),
  },
  'windows:open': {
    request: z.strictObject({ route: z.string().regex(/^\/[A-Za-z0-9/_\-.?=&%]{0,512}$/) }),
    response: z.object({ opened: z.boolean() }),
  },
  ...emulatorChannels,
  ...datasetUploadChannels,
  ...experimentExportChannels,
  ...modelDownloadChannels,
  ...avatarUploadChannels,
} as const;

export const topics = {
  /** Rate-limit headers of the last API response of the active profile. */
  'gateway:rateLimit': { params: Empty, event: RateLimitInfo.extend({ profileId: ProfileId }) },
  'profiles:changed': { params: Empty, event: ProfilesState },
  /**
   * The embedded emulator's clock was moved by hand (advanced, or the world reset or imported)
   * from any window or client of this console: live views read the new now at once.
   */
  'emulator:clockJumped': {
    params: Empty,
    /** `now`: the simulated now after the jump (ms). */
    event: z.object({ kind: z.enum(['advance', 'reset', 'import']), now: z.number().int() }),
  },
  /**
   * A command chosen in the desktop application menu (e.g. the command palette's
   * Cmd/Ctrl+K), sent to the focused window. Web mode never emits it.
   */
  'menu:command': { params: Empty, event: z.object({ command: z.string().regex(/^[a-z][a-zA-Z0-9:.-]{0,63}$/) }) },
  /**
   * A live tail of a cluster's or an endpoint's logs for the active profile, relayed from the
   * API's event stream: one upstream per distinct tail however many windows follow it,
   * entries in batches (main/streams/, docs/decisions.md, Stream relay).
   */
  'logs:tail': { params: LogTailParams, event: LogTailEvent },
  /** The current metrics snapshot of a cluster, read by one poller in main shared by every window (every 10 s, or the shortest interval asked). */
  'metrics:live': { params: MetricsLiveParams, event: MetricsLiveEvent },
  /** A training job followed live: its new loss, learning-rate and throughput points as the clock moves (main/training/job-live.ts). */
  'training:job': { params: TrainingJobLiveParams, event: TrainingJobLiveEvent },
  ...modelDownloadTopics,
} as const;

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type ChannelRequest<C extends ChannelName> = z.input<Channels[C]['request']>;
export type ChannelResponse<C extends ChannelName> = z.output<Channels[C]['response']>;
export type Topics = typeof topics;
export type TopicName = keyof Topics;
export type TopicParams<T extends TopicName> = z.input<Topics[T]['params']>;
export type TopicEvent<T extends TopicName> = z.output<Topics[T]['event']>;

export const channelNames = Object.keys(channels) as ChannelName[];
/** @internal Exported for its tests only. */
export const topicNames = Object.keys(topics) as TopicName[];

/** What crosses a transport for one call: the value, or the normalised error (Podman Desktop's habit). */
export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: NormalizedError };

/** The renderer's view of the main process, identical in Electron and web mode. */
export interface Bridge {
  invoke<C extends ChannelName>(channel: C, request: ChannelRequest<C>): Promise<ChannelResponse<C>>;
  subscribe<T extends TopicName>(topic: T, params: TopicParams<T>, listener: (event: TopicEvent<T>) => void): () => void;
}
