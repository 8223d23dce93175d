// What an API area is to the emulator: one value per area (areas/<name>/index.ts), listed
// once in areas/index.ts. The route table, the snapshot schema, the seeded world, the
// rate-limit table and the OpenAPI document are derived from that list; core/, state/, sim/
// and world/ know areas only through this interface (docs/areas.md has the recipe).
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { HttpMethod, LimitGroup } from '../../../shared/api/common';
import type { Operation } from '../../../shared/api/operation';
import type { StoredSettings } from '../../../shared/api/accounts/settings';
import type { EmulatorContext } from './context';
import type { ApiError } from './errors';
import type { EventSink, Happening } from './events';
import type { GpuActivity, Metered, Tallied } from './metering';
import type { TierClass } from './limits';
import type { Rng } from './rng';
import type { RouteDef } from './route-def';
import type { Store } from '../state/store';

/** The authenticated caller, as the pipeline and every area see it (the accounts area stores more). */
export interface Caller {
  readonly id: string;
  readonly permissions: readonly string[];
  readonly scopes: readonly string[];
  /** The emulator's owner key. */
  readonly owner: boolean;
  /** The key's own hourly limits; 0 = none (01-accounts.md, API key). */
  readonly rateLimit: { readonly reads: number; readonly writes: number; readonly executions: number };
  /** The member who created the key. */
  readonly createdBy: string;
}

/** Who may call: the area that keeps the keys answers for the pipeline (authentication, usage, tier). */
export interface Authority {
  /** The caller an Authorization header names, or the 401 to send. */
  authenticate(header: string | undefined, now: number): Caller | ApiError;
  /**
   * Whether the caller may call `op` (a non-admin route): null, or the 401/403 to send. The
   * key's own permissions and scopes (auth.ts) and the access model of the member who created
   * the key (issue 19); `params` are the route's raw path parameters (the resources it names);
   * `address` the request's (the account's IP allow-list, issue 20).
   */
  admit(caller: Caller, op: Operation, params: unknown, now: number, address: string): ApiError | null;
  /** Counts one authenticated request (class 0 reads, 1 writes, 2 executions) against the caller's usage. */
  recordUse(caller: Caller, cls: 0 | 1 | 2, endpoint: string, now: number): void;
  /**
   * A request `recordUse` counted was answered with an error (called from the error path only):
   * counted apart so successful calls are known, and a 403 is written to the audit log as access_denied.
   */
  recordError(caller: Caller, failed: FailedRequest, now: number): void;
  /**
   * Every answered request, for the API usage analytics: `route` is `METHOD /path/template`, or the
   * bare method for a path no route has; `ms` the real time it took; `keyId` null without a valid key.
   */
  recordAnswer(route: string, status: number, ms: number, keyId: string | null, now: number): void;
  /**
   * The refusal of one more resource a role limitation counts (issue 19: `maxEndpoints` of the
   * caller's member's role; issue 21: `maxComputeHours`, core/compute-hours.ts), given how many
   * the member has now; null when within it. The area
   * that creates the resource counts; the accounts area knows the role.
   */
  limitation(caller: Caller, name: 'maxEndpoints' | 'maxComputeHours', current: number): ApiError | null;
  /** The plan's hourly limit for a class, with any temporary boost. */
  tierLimit(cls: TierClass, now: number): number;
  /** Active keys, for the health route. */
  keyCount(): number;
}

/** An authenticated request of a known route answered with an error, as the pipeline saw it. */
export interface FailedRequest {
  status: number;
  /** "METHOD /path/pattern", as recordUse counted it. */
  label: string;
  /** The path as requested (no query string). */
  path: string;
  ip: string;
  params: Readonly<Record<string, string>>;
  /** The error's code, and its details with any top-level members of its shape (`required_permission`). */
  code: string;
  details: Readonly<Record<string, unknown>>;
}

interface TeamMember {
  readonly id: string;
  readonly username: string | null;
  readonly role: string;
  readonly status: string;
}

/** The organisation and its team, read by areas that name people (creators, allowed users). */
export interface Directory {
  /** `plan`: the account's plan (01-accounts.md, Limits), for quotas areas keep (e.g. dataset storage). */
  organization(): { readonly name: string; readonly ownerId: string; readonly plan: 'free' | 'pro' | 'enterprise' };
  members(): readonly TeamMember[];
  /** The account's id and its settings as stored (write-only values in clear: never answer them), for event deliveries and cost alerts. */
  account(): { readonly id: string; readonly settings: StoredSettings };
}

/** A resource a member created, as the team's member detail and activity report read it (issue 19). */
export interface CreatedResource {
  readonly type: 'cluster' | 'endpoint' | 'training_job';
  readonly id: string;
  readonly name: string;
  /** The member who created it. */
  readonly createdBy: string;
  readonly createdAt: number;
}

/** A model to serve behind a new serverless endpoint (what a model deployment asks of the area that keeps endpoints). */
export interface ServedModel {
  name: string;
  /** The model's id and display name, and the version deployed. */
  modelId: string;
  modelName: string;
  version: string;
  /** The endpoint's GPU type (e.g. `A100_80GB`), its memory and the GiB the loaded model takes. */
  gpuType: string;
  gpuMemoryGb: number;
  modelMemoryGb: number;
  workers: number;
  autoScaling: { minWorkers: number; maxWorkers: number; targetUtilization: number };
  environmentVariables: Record<string, string>;
  /** The member who deployed it (the endpoint's creator); null when not known. */
  createdBy?: string | null;
  /** When it serves (ms): its startup runs from creation to then. */
  readyAt: number;
}

/** Serverless endpoints, from the area that keeps them: a model deployment is one (docs/decisions.md, Training: models). */
export interface Serving {
  /** Creates a `starting` endpoint for the model at `now`; its id. */
  createEndpoint(model: ServedModel, now: number): string;
  /** Stops an endpoint at `now` (its model was archived); nothing when there is no such endpoint or it is stopped. */
  stopEndpoint(id: string, now: number): void;
}

/**
 * A resource a member may be given access to (issue 19: resource shares, grants limited to
 * resources), as the area that keeps it names it.
 */
export interface ResourceRef {
  /** What it is, e.g. `cluster`, `endpoint`, `dataset`. */
  readonly type: string;
  readonly name: string | null;
  /** The key scope the area's routes need (01-accounts.md, Authentication 5), e.g. `clusters`, `training`. */
  readonly scope: string;
}

/** Options some areas need to build their part of the world. */
export interface WorldOptions {
  /** Extra generated resources for benchmarks (EmulatorOptions.scale). */
  scale?: { clusters?: number; secretsPerCluster?: number; members?: number; endpoints?: number; trainingJobs?: number };
  /** Seals a secret value (never stored in plain text). */
  sealSecret?: (aad: string, plaintext: string) => string;
}

/** What an area's world builder is given: earlier areas' parts are already in `areas`. */
export interface WorldDraft {
  seed: number;
  /** Simulated now at build time (ms). */
  now: number;
  options: WorldOptions;
  /** Stored state by area name, as built so far. */
  areas: Record<string, unknown>;
  /** Plain values of seeded keys, by name; never stored in the state. */
  seededKeys: Record<string, string>;
  /** The team, from the area that provides it (built before the areas that read it). */
  directory(): Directory;
}

/** One API area's stored state: its JSON shape, how it is seeded, and how it lives in memory. */
interface AreaState<Live> {
  /** The stored (snapshot) shape, checked on import and on load; types are inferred from it. */
  schema: z.ZodType;
  /** The area's part of the seeded world, deterministic from `rng`. */
  build(draft: WorldDraft, rng: Rng): unknown;
  /** Stored JSON (already checked by `schema`, a private copy) → the value handlers use. */
  hydrate(stored: unknown): Live;
  /** The value handlers use → stored JSON (plain, copied by the caller). */
  dehydrate(live: Live): unknown;
  /** Stored JSON of an older snapshot version → this version's, before the schema checks it. */
  upgrade?(stored: unknown, fromVersion: number): unknown;
  /**
   * The stored JSON of one record now (undefined: there is none), for the write-ahead log.
   * Record ids are the area's own strings (e.g. `key:<id>`); handlers name the records they
   * change with `store.touch(area, id)` (docs/decisions.md, Persistence).
   */
  record(live: Live, id: string): unknown;
  /**
   * Puts one logged record into the area's stored JSON (replay at start): an upsert, or a
   * removal when `value` is undefined. Replaying a record the stored JSON already has is
   * harmless. Throws on an id the area does not know; the result is checked by `schema` after.
   */
  applyRecord(stored: unknown, id: string, value: unknown): void;
}

/** The rate-limit classes an area adds (01-accounts.md, Limits, endpoint-specific table). */
export interface AreaLimits {
  /**
   * Per-hour limits by method, for each `op.limitGroup` the module serves; 'tier-only' where
   * the table has no row (the plan's tier limits alone apply). Every operation must find its
   * group here, and its method in a row (test/unit/emulator/areas.test.ts).
   */
  byGroup: Partial<Record<LimitGroup, Partial<Record<HttpMethod, number>> | 'tier-only'>>;
  /** Narrower buckets for some operations (e.g. key creation 10/h). */
  rules?: readonly EndpointRule[];
}

interface EndpointRule {
  name: string;
  limit: number;
  matches(op: Operation): boolean;
}

/** Maps a validation issue to an area-specific error (e.g. a malformed id → 404 of its kind), or null. */
export type IssueMapper = (where: 'params' | 'query' | 'body', issue: z.core.$ZodIssue, value: unknown) => ApiError | null;

export interface AreaModule<Live = unknown> {
  /** The area's name: its key under the snapshot's `state.areas`. */
  name: string;
  /** Its operations (from shared/api), each served by exactly one route. */
  operations: Readonly<Record<string, Operation>>;
  routes: readonly RouteDef[];
  state: AreaState<Live>;
  limits: AreaLimits;
  /** Area-specific codes for validation failures. */
  mapIssue?: IssueMapper;
  /** The area that keeps the keys provides the pipeline's authority (exactly one area does). */
  authority?(store: Store): Authority;
  /** The area that keeps the team provides the directory over its live or stored state (exactly one area does). */
  directory?(state: unknown): Directory;
  /**
   * The area's resources that record who created them, over its live state (the team's member
   * detail and activity report, issue 19): areas never import each other, the team reads them here.
   */
  createdResources?(state: unknown): readonly CreatedResource[];
  /** Emulator admin routes the area serves (`/_emulator/…`, owner key only), e.g. accepting an invitation. */
  adminRoutes?: readonly RouteDef[];
  /** The area that keeps serverless endpoints serves models on them (exactly one area does). */
  serving?(store: Store): Serving;
  /** What an id names among this area's resources, or null (shares and grants name resources of any area: issue 19). */
  resourceOf?(store: Store, id: string): ResourceRef | null;
  /**
   * What happened in the area during (fromMs, toMs] of simulated time without a request (a
   * cluster came up, a job completed), computed from its stored timelines: the event bus emits
   * them on the clock (core/events.ts), so a transition the clock decides is an event too.
   */
  happenings?(store: Store, fromMs: number, toMs: number): Happening[];
  /**
   * What the account is billed for on this area's resources, as stretches of steady use
   * (core/metering.ts): the one source of the spending figure (cost alerts) and of usage and
   * costs (issue 21). Each area says what it counts (docs/decisions.md, Settings, events and
   * profile: Spending).
   */
  metering?(store: Store): Iterable<Metered>;
  /** What the area counts rather than meters (executions, GB downloaded): core/metering.ts, Tallied. */
  tallies?(store: Store): Iterable<Tallied>;
  /**
   * What the area's GPUs did hour by hour while billed, where it measures them (the clusters'
   * metrics simulator): `bounds` are hour starts then an end (usage/window.ts `bucketBounds`).
   * The utilisation of usage by GPU type and the idle GPU money (issue 21) are read from it.
   */
  gpuActivity?(store: Store, seed: number, bounds: readonly number[]): Iterable<GpuActivity>;
  /**
   * Brings the area's simulated work that is costly to compute (a tuning job's suggestions) up to
   * `now`, stopping at `deadline` (real ms, performance.now()); true when nothing is left. The
   * emulator calls it in slices on the clock and after a manual clock move, so a read does not
   * pay for the past (issue 23). Reads still settle what is left, so they are never stale.
   */
  settle?(store: Store, now: number, deadline: number): boolean;
  /** The area that keeps the delivery log receives every event (exactly one area does). */
  deliveries?(ctx: EmulatorContext): EventSink;
  /** Runs after every load of the state (start, reset, import), e.g. to make the owner key valid. */
  afterLoad?(store: Store, emulator: { readonly ownerKey: string }): void;
  /**
   * Routes outside the API pipeline, under a prefix of the area's own (e.g. the dataset upload
   * host, `/_uploads`): no API key, its own authentication and streamed bodies. Registered in
   * an encapsulated fastify context, so content-type parsers added there stay there.
   */
  mount?(app: FastifyInstance, ctx: EmulatorContext): void;
}

/** Keeps an area's live type while listing areas of different types together. */
export function defineArea<Live>(area: AreaModule<Live>): AreaModule {
  return area as unknown as AreaModule;
}
