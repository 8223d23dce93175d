// One description per API route: the emulator registers and validates from it, the
// OpenAPI document is generated from it, the gateway builds URLs from it and the bridge
// validates renderer calls with it. Later areas add their tables beside accounts'.
import type { z } from 'zod';
import type { ApiErrorCode } from './error-codes';
import type { AccountErrorCode, Envelope } from './errors';
import type { HttpMethod, LimitGroup } from './common';

/** Which key permission a route needs (01-accounts.md, Authentication 4). */
type AccessClass = 'read' | 'write' | 'execute';

export interface Operation {
  id: string;
  method: HttpMethod;
  /** fastify-style path, e.g. `/v2/accounts/api-keys/:key_id`. */
  path: string;
  /** The rate-limit group it counts against (common.ts, LimitGroup). */
  limitGroup: LimitGroup;
  envelope: Envelope;
  access: AccessClass;
  /** Key scope a caller needs for this route (01-accounts.md, Authentication 5 and 7); null when any scope will do. */
  scope: string | null;
  /**
   * A permission the document names for this route (e.g. `logs:read`, 03-endpoints-training.md,
   * Errors): a key without `access` on `scope` is refused with INSUFFICIENT_PERMISSIONS
   * {requiredPermission: this, currentPermissions} (docs/decisions.md, Endpoints: logs:read).
   */
  namedPermission?: string;
  /**
   * The member permission this route needs beyond `access` (issue 19: the caller's role, grants
   * and shares decide it on `scope`), e.g. `manage_team` for team management; without it the
   * member needs `access` itself (docs/decisions.md, Permissions and roles: enforcement).
   */
  memberPermission?: 'manage_team' | 'manage_billing' | 'manage_integrations' | 'manage_security';
  /**
   * The role scope the member permission is decided on when it is not the key scope's own
   * (issue 20: security settings need `manage_security` on `security`, whose key scope is `accounts`).
   */
  memberScope?: 'endpoints' | 'clusters' | 'accounts' | 'billing' | 'integrations' | 'security';
  summary: string;
  /**
   * Where the route differs from its document on purpose (a value, a default, a required member,
   * an extra parameter), the reason, shown in the OpenAPI document (docs/decisions.md,
   * "Documented requests").
   */
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /**
   * Every media type a body may come in, with what it carries, when not only JSON: the avatar's
   * multipart/form-data upload (read by its route as it arrives), or a settings import in YAML
   * (read into the value a JSON body would be, then validated with `body`). The OpenAPI
   * document shows each.
   */
  bodyMedia?: Readonly<Partial<Record<'application/json' | 'application/yaml' | 'multipart/form-data', z.ZodType>>>;
  /**
   * Every media type a success may come in, by Content-Type, when not only JSON (a text page,
   * a file, an event stream); without it the success is `response` as application/json.
   */
  successMedia?: Readonly<Record<string, z.ZodType>>;
  /**
   * Validation failures on these top-level fields are reported with this code instead of
   * VALIDATION_ERROR (e.g. permissions → INVALID_PERMISSIONS, period → INVALID_PERIOD).
   */
  fieldErrors?: Partial<Record<string, AccountErrorCode>>;
  /**
   * The error codes this operation answers besides COMMON_ERRORS (error-codes.ts), each with
   * its status in ERROR_STATUS. Every operation of the table declares it (a test checks);
   * the OpenAPI document lists them and the tests' contract check refuses any other code.
   */
  errors?: readonly ApiErrorCode[];
  /**
   * How long the server may hold this call on purpose (e.g. stop with wait_for_completion),
   * in ms, given the parsed body; callers add it to their timeout.
   */
  holdMs?(body: unknown): number;
}

/** Keeps the literal type of an operation, so its input and output types can be read off it. */
export function defineOperation<const T extends Operation>(op: T): T {
  return op;
}

/** The input an operation takes from a caller (renderer, test): params, query and body, each when declared. */
export type OperationInput<O> = (O extends { params: infer P extends z.ZodType } ? { params: z.input<P> } : unknown) &
  (O extends { query: infer Q extends z.ZodType } ? { query?: z.input<Q> } : unknown) &
  (O extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : unknown);

export type OperationOutput<O> = O extends { response: infer R extends z.ZodType } ? z.output<R> : never;

/** Fills `:name` segments of a path from params, encoding each. */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** An operation of the table: its errors are declared. */
export type DeclaredOperation = Operation & { errors: readonly ApiErrorCode[] };

const segmentsOf = (path: string) => path.split('/');
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * How well a fastify-style pattern matches a request path (query string excluded): null when
 * it does not, else one entry per segment, 1 static and 0 parameter, so that a static segment
 * wins over a parameter at the first place they differ (as fastify's router prefers them).
 */
function matchRank(pattern: string, path: string): number[] | null {
  const want = segmentsOf(pattern);
  const got = segmentsOf(path);
  if (want.length !== got.length) return null;
  const rank: number[] = [];
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    // A parameter takes any segment, an empty one too (fastify routes `/api-keys//rotate` with key_id '').
    if (w.startsWith(':')) rank.push(0);
    else if (w === got[i] || w === decoded(got[i]!)) rank.push(1);
    else return null;
  }
  return rank;
}

const better = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
};

/**
 * The operation a request reaches (method and path, no query string), as the emulator routes it; null when none.
 * @internal Exported for its tests only.
 */
export function matchOperation<O extends Operation>(ops: Iterable<O>, method: string, path: string): O | null {
  let best: { op: O; rank: number[] } | null = null;
  for (const op of ops) {
    if (op.method !== method) continue;
    const rank = matchRank(op.path, path);
    if (rank && (!best || better(rank, best.rank))) best = { op, rank };
  }
  return best?.op ?? null;
}

/**
 * Operations whose pattern matches this path, whatever their method (a 405 names their methods).
 * @internal Exported for its tests only.
 */
export function operationsAtPath<O extends Operation>(ops: Iterable<O>, path: string): O[] {
  return [...ops].filter((op) => matchRank(op.path, path) !== null);
}
