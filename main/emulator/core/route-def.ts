// How an area declares a route: the operation from the shared table, its success status,
// and a synchronous handler over already-validated input.
import type { z } from 'zod';
import type { Operation, OperationOutput } from '../../../shared/api/operation';
import type { Caller } from './area';
import type { EmulatorContext } from './context';

type Parsed<O, K extends string> = O extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : undefined;

export interface HandlerInput<O extends Operation> {
  params: Parsed<O, 'params'>;
  query: Parsed<O, 'query'>;
  body: Parsed<O, 'body'>;
  /** The authenticated caller. */
  key: Caller;
  /** Simulated now (ms). */
  now: number;
  /** This request's id (X-Request-Id; the cluster area's meta.request_id). */
  requestId: string;
  /** The address the request came from, as the account sees it (the socket's; an in-process request's is loopback). */
  address: string;
  /** The request's headers, lower-case names (e.g. Last-Event-ID of an event stream). */
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** A body serialised ahead (hot paths such as the key list), typed by what it holds. */
export class Json<T> {
  declare readonly _holds?: T;
  /** `byteLength`: the body's UTF-8 length when the producer knows it (spares measuring it), else -1. */
  constructor(
    readonly body: string | Buffer,
    readonly byteLength = -1,
  ) {}
}

/** A success that is not JSON: a text page or a file (the operation's `successMedia` names its type). */
export class RawBody {
  constructor(
    readonly body: string | Buffer,
    /** Content-Type and any other headers (Content-Disposition, X-Total-Count). */
    readonly headers: Readonly<Record<string, string>>,
  ) {}
}

/** Where an event stream writes; `write` returns false when the client has not taken what was written yet. */
export interface StreamSink {
  write(chunk: string): boolean;
  /** Called once when the client has taken everything written (after write returned false). */
  onDrain(f: () => void): void;
  /** Ends the response. */
  end(): void;
}

/**
 * A `text/event-stream` success: `start` runs once the head is sent and returns what stops it,
 * called when the client goes away, the stream ends or the emulator closes.
 */
export class EventStream {
  constructor(readonly start: (sink: StreamSink) => () => void) {}
}

type Result<O extends Operation> = OperationOutput<O> | Json<OperationOutput<O>> | RawBody | EventStream;
/** A handler may answer later (e.g. a stop that waits for completion); most answer at once. */
type MaybeLater<T> = T | Promise<T>;

export interface RouteDef<O extends Operation = Operation> {
  op: O;
  /** 201 for creations, 200 otherwise (docs/decisions.md). */
  status: number;
  handle(ctx: EmulatorContext, input: HandlerInput<O>): MaybeLater<Result<O>>;
}

export function defineRoute<O extends Operation>(
  op: O,
  handle: (ctx: EmulatorContext, input: HandlerInput<O>) => MaybeLater<Result<O>>,
  status = 200,
): RouteDef {
  return { op, status, handle } as unknown as RouteDef;
}
