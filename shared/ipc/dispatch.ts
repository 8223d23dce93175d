// Validation and error wrapping shared by both transports (Electron IPC and web-mode
// WebSocket): a handler only ever sees a request that passed its channel's schema, and
// whatever it throws reaches the renderer as a NormalizedError, never as a stack trace.
import type { z } from 'zod';
import type { NormalizedError } from '../api/errors';
import { localError } from '../api/local-errors';
import {
  channels,
  topics,
  type BridgeResult,
  type ChannelName,
  type ChannelResponse,
  type Channels,
  type TopicEvent,
  type TopicName,
  type Topics,
} from './contract';

export type ChannelHandlers = {
  [C in ChannelName]: (request: z.output<Channels[C]['request']>) => Promise<ChannelResponse<C>>;
};

/** What a transport tells a topic's source about its own queue (the WebSocket's buffered bytes). */
export interface TopicFlow {
  /** More is queued than the transport wants: a source holds back (and bounds) what can wait. */
  congested(): boolean;
}

/**
 * A transport that never queues (Electron IPC hands events to the renderer at once).
 * @internal Exported for its tests only.
 */
export const freeFlow: TopicFlow = { congested: () => false };

export type TopicSources = {
  [T in TopicName]: (params: z.output<Topics[T]['params']>, emit: (event: TopicEvent<T>) => void, flow: TopicFlow) => () => void;
};

/** An error a handler throws on purpose, carried to the renderer as it is. */
export class BridgeError extends Error {
  readonly normalized: NormalizedError;
  constructor(normalized: NormalizedError) {
    super(normalized.message);
    this.name = 'BridgeError';
    this.normalized = normalized;
  }
}

export function invalidRequest(message: string, details: Record<string, unknown> = {}): BridgeError {
  return new BridgeError(localError('INVALID_REQUEST', message, { details }));
}

/** Zod issues as plain, serialisable details. */
function issueDetails(error: z.ZodError): Record<string, unknown> {
  return {
    issues: error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message, code: i.code })),
  };
}

function isChannelName(name: string): name is ChannelName {
  return Object.prototype.hasOwnProperty.call(channels, name);
}

function isTopicName(name: string): name is TopicName {
  return Object.prototype.hasOwnProperty.call(topics, name);
}

function toNormalized(error: unknown): NormalizedError {
  if (error instanceof BridgeError) return error.normalized;
  // Anything else is a defect: say so without leaking internals (messages may hold paths or values).
  return localError('INTERNAL_ERROR', 'The console hit an internal error; see the application log.');
}

/** Validates and runs one call; never throws. `onDefect` sees unexpected errors (for logging without secrets). */
export async function dispatch(
  handlers: ChannelHandlers,
  channel: string,
  request: unknown,
  onDefect: (error: unknown) => void = () => {},
): Promise<BridgeResult<unknown>> {
  if (!isChannelName(channel)) {
    return { ok: false, error: invalidRequest(`Unknown channel ${JSON.stringify(channel.slice(0, 100))}`).normalized };
  }
  const parsed = channels[channel].request.safeParse(request ?? {});
  if (!parsed.success) {
    return { ok: false, error: invalidRequest(`Invalid request for ${channel}`, issueDetails(parsed.error)).normalized };
  }
  try {
    const handler = handlers[channel] as (r: unknown) => Promise<unknown>;
    return { ok: true, value: await handler(parsed.data) };
  } catch (error) {
    if (!(error instanceof BridgeError)) onDefect(error);
    return { ok: false, error: toNormalized(error) };
  }
}

/** Validates topic params and starts a subscription; returns the unsubscribe function or an error. */
export function subscribeTopic(
  sources: TopicSources,
  topic: string,
  params: unknown,
  emit: (event: unknown) => void,
  flow: TopicFlow = freeFlow,
): { ok: true; unsubscribe: () => void } | { ok: false; error: NormalizedError } {
  if (!isTopicName(topic)) return { ok: false, error: invalidRequest(`Unknown topic ${JSON.stringify(topic.slice(0, 100))}`).normalized };
  const parsed = topics[topic].params.safeParse(params ?? {});
  if (!parsed.success)
    return { ok: false, error: invalidRequest(`Invalid parameters for ${topic}`, issueDetails(parsed.error)).normalized };
  const source = sources[topic] as (p: unknown, e: (ev: unknown) => void, f: TopicFlow) => () => void;
  return { ok: true, unsubscribe: source(parsed.data, emit, flow) };
}
