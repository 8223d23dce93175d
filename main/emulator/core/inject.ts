// The in-process entry: a fetch Request through fastify's inject, no socket.
import type { FastifyInstance, InjectOptions } from 'fastify';

const NULL_BODY = new Set([101, 204, 205, 304]);

export async function injectFetch(app: FastifyInstance, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const res = await app.inject({
    method: request.method as InjectOptions['method'],
    url: url.pathname + url.search,
    headers,
    ...(payload && payload.length > 0 ? { payload } : {}),
  });
  const out = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) out.append(name, v);
    else out.set(name, String(value));
  }
  const empty = NULL_BODY.has(res.statusCode) || request.method === 'HEAD';
  const body = empty ? null : new Uint8Array(res.rawPayload);
  return new Response(body, { status: res.statusCode, headers: out });
}
