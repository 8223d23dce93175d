// One description per API route: the emulator registers and validates from it, the
// OpenAPI document is generated from it, the gateway builds URLs from it and the bridge
// validates renderer calls with it. Later areas add their tables beside accounts'.
import type { z } from 'zod';
import type { AccountErrorCode, Envelope } from './errors';
import type { Area, HttpMethod } from './common';

/** Which key permission a route needs (01-accounts.md, Authentication 4). */
export type AccessClass = 'read' | 'write' | 'execute';

export interface Operation {
  id: string;
  method: HttpMethod;
  /** fastify-style path, e.g. `/v2/accounts/api-keys/:key_id`. */
  path: string;
  area: Area;
  envelope: Envelope;
  access: AccessClass;
  /** Key scope a caller needs for this route (01-accounts.md, Authentication 5 and 7); null when any scope will do. */
  scope: string | null;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /**
   * Validation failures on these top-level fields are reported with this code instead of
   * VALIDATION_ERROR (e.g. permissions → INVALID_PERMISSIONS, period → INVALID_PERIOD).
   */
  fieldErrors?: Partial<Record<string, AccountErrorCode>>;
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
