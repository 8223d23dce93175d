// The audit's coverage, kept: every operation of the emulator's own OpenAPI document, over
// real HTTP, with the mutation kinds that broke it once — an unknown method, oversize headers,
// a deeply nested body, encoded traversal in path parameters, prototype keys in the body.
// Every answer: no 5xx, the documented envelope of the operation, X-Request-Id and X-RateLimit-*.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../../../main/emulator';
import { AccountErrorBody, ClusterErrorBody } from '../../../../shared/api/errors';
import { OWNER } from '../harness';

interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

interface OpenApiOperation {
  operationId: string;
  requestBody?: unknown;
  responses: Record<string, { content?: { 'application/json'?: { schema?: { $ref?: string } } } }>;
}

let emulator: Emulator;
let port: number;

beforeAll(async () => {
  // 'report': the fuzz sends thousands of requests; the limits themselves are tested elsewhere.
  emulator = createEmulator({ seed: 5, ownerKey: OWNER, rateLimits: 'report' });
  port = Number(new URL(await emulator.listen(0)).port);
});
afterAll(() => emulator.close());

/** One raw HTTP/1.1 exchange: methods and header sizes fetch will not send. */
function send(method: string, path: string, headers: Record<string, string> = {}, body = ''): Promise<Answer> {
  const head = [
    `${method} ${path} HTTP/1.1`,
    'host: 127.0.0.1',
    `authorization: Bearer ${OWNER}`,
    'connection: close',
    `content-length: ${Buffer.byteLength(body)}`,
  ];
  if (body) head.push('content-type: application/json');
  for (const [k, v] of Object.entries(headers)) head.push(`${k}: ${v}`);
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(`${head.join('\r\n')}\r\n\r\n${body}`));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
      const headersOut: Record<string, string> = {};
      for (const l of lines) headersOut[l.slice(0, l.indexOf(':')).toLowerCase()] = l.slice(l.indexOf(':') + 1).trim();
      resolve({ status: Number(statusLine.split(' ')[1]), headers: headersOut, text: text.slice(split + 4) });
    });
  });
}

const MUTATIONS: Array<{ kind: string; apply(method: string, path: string, hasBody: boolean): Promise<Answer> }> = [
  { kind: 'unknown method', apply: (_m, path) => send('BREW', path) },
  { kind: 'oversize headers', apply: (m, path) => send(m, path, { 'x-filler': 'a'.repeat(20_000) }) },
  {
    kind: 'deep nesting',
    apply: (m, path, hasBody) => send(hasBody ? m : 'POST', path, {}, `{"a":${'['.repeat(3000)}${']'.repeat(3000)}}`),
  },
  {
    kind: 'encoded traversal',
    apply: (m, path) =>
      send(m, path.replace(/\{[^}]+\}/g, '..%2F..%2F_emulator%2Fhealth').replace(/\/$/, '') + '/%2e%2e/%2e%2e/_emulator/snapshot'),
  },
  {
    kind: 'encoded traversal in a parameter',
    apply: (m, path) => send(m, path.replace(/\{[^}]+\}/g, '%2e%2e%2f%2e%2e%2f_emulator%2fsnapshot')),
  },
  {
    kind: 'prototype keys',
    apply: (m, path, hasBody) =>
      send(
        hasBody ? m : 'POST',
        path.replace(/\{[^}]+\}/g, 'x'),
        {},
        '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"name":"p"}',
      ),
  },
];

describe('audit fuzz over the OpenAPI document', () => {
  it('answers every mutation of every operation in its documented envelope, with the pipeline headers', async () => {
    const doc = (await (
      await fetch(`http://127.0.0.1:${port}/_emulator/openapi.json`, { headers: { authorization: `Bearer ${OWNER}` } })
    ).json()) as {
      paths: Record<string, Record<string, OpenApiOperation>>;
    };
    let answers = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        // The operation's own envelope, as its 404 answer documents it.
        const ref = op.responses['404']?.content?.['application/json']?.schema?.$ref ?? '#/components/schemas/AccountError';
        const envelope = ref.endsWith('ClusterError') ? ClusterErrorBody : AccountErrorBody;
        for (const mutation of MUTATIONS) {
          const r = await mutation.apply(method.toUpperCase(), path, op.requestBody !== undefined);
          const where = `${mutation.kind}: ${method.toUpperCase()} ${path} → ${r.status}`;
          answers++;
          expect(r.status, where).toBeGreaterThanOrEqual(200);
          expect(r.status, where).toBeLessThan(500);
          for (const h of ['x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-ratelimit-window'])
            expect(r.headers[h], `${where} lacks ${h}`).toBeTruthy();
          const body = JSON.parse(r.text) as unknown;
          if (r.status >= 400) {
            // The pipeline's own 401/403/429 keep the account shape on cluster routes (docs/decisions.md).
            const ok = envelope.safeParse(body).success || ([401, 403, 429].includes(r.status) && AccountErrorBody.safeParse(body).success);
            expect(ok, `${where}: ${r.text.slice(0, 200)}`).toBe(true);
          }
          expect(r.text.includes('"polluted"'), where).toBe(false);
          // Traversal never reaches the admin snapshot from another route.
          if (path !== '/_emulator/snapshot')
            expect(r.text.includes('"format":"gpu-operator-console/emulator-snapshot"'), where).toBe(false);
        }
      }
    }
    expect(answers).toBeGreaterThan(40 * MUTATIONS.length);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await send('GET', '/_emulator/health')).status).toBe(200);
  });
});
