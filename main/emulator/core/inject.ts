// The in-process entry: a fetch Request through fastify's inject, no socket. Responses are
// read as streams (light-my-request's payloadAsStream): an event stream (text/event-stream)
// and the download host's bytes (a model's zip or file) are handed on as a streaming Response,
// read as the consumer takes them (a multi-GB zip is never held), whose cancellation closes
// the server side; every other answer (JSON) is collected whole, as before.
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyInstance, InjectOptions } from 'fastify';

const NULL_BODY = new Set([101, 204, 205, 304]);
/** Answers handed on as they are produced: event streams, and the download host's bytes. */
const STREAMED_TYPES = /^(text\/event-stream|application\/zip|application\/octet-stream)\b/i;

/** Collects a whole payload. */
async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/** A web stream over the payload; cancelling it (or aborting the request) ends the server's response. */
function streamOf(stream: Readable, res: ServerResponse, signal: AbortSignal | null): ReadableStream<Uint8Array> {
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    stream.destroy();
    // The server side listens for 'close' on its response: this is the client going away.
    res.destroy();
  };
  signal?.addEventListener('abort', close, { once: true });
  return new ReadableStream<Uint8Array>({
    start(controller) {
      stream.on('data', (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        // Backpressure: stop reading until the consumer has taken what is queued.
        if ((controller.desiredSize ?? 1) <= 0) stream.pause();
      });
      stream.once('end', () => {
        if (closed) return;
        closed = true;
        signal?.removeEventListener('abort', close);
        controller.close();
      });
      stream.once('error', (e) => {
        if (closed) return;
        closed = true;
        controller.error(e);
      });
    },
    pull() {
      stream.resume();
    },
    cancel() {
      signal?.removeEventListener('abort', close);
      close();
    },
  });
}

export async function injectFetch(app: FastifyInstance, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // The origin the caller addressed (fetch keeps Host out of the headers): addresses the
  // emulator hands out (a dataset's upload URL) are on it.
  headers.host ??= url.host;
  // Raw bytes (a dataset upload) go on as a stream, never collected: the route reads them as
  // they come. JSON bodies are small (1 MiB at most) and collected as before.
  const streamed = request.body !== null && (headers['content-type'] ?? '').startsWith('application/octet-stream');
  const payload = streamed
    ? Readable.fromWeb(request.body as WebReadableStream<Uint8Array>)
    : request.body
      ? Buffer.from(await request.arrayBuffer())
      : undefined;
  const res = await app.inject({
    method: request.method as InjectOptions['method'],
    url: url.pathname + url.search,
    headers,
    payloadAsStream: true,
    ...(payload && (streamed || (payload as Buffer).length > 0) ? { payload } : {}),
  });
  const out = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) out.append(name, v);
    else out.set(name, String(value));
  }
  const stream = res.stream();
  const empty = NULL_BODY.has(res.statusCode) || request.method === 'HEAD';
  if (!empty && STREAMED_TYPES.test(String(res.headers['content-type'] ?? ''))) {
    return new Response(streamOf(stream, res.raw.res, request.signal), { status: res.statusCode, headers: out });
  }
  const body = await collect(stream);
  return new Response(empty ? null : new Uint8Array(body), { status: res.statusCode, headers: out });
}
