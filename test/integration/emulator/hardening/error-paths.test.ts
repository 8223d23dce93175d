// The audit's error-path failures (issue "Safe to leave running", 7, 8, 9): a deeply nested
// body, answers Node gives before any route (unknown method, oversize headers), and key values
// altered by encoding or case in a path — every answer in its documented envelope, with the
// rate-limit headers, and no key value echoed or journalled.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../../../main/emulator';
import { OWNER } from '../harness';

let emulator: Emulator;
let base: string;
const KEY = `gpu_live_AbCdEfGh_${'x'.repeat(32)}`;

beforeAll(async () => {
  emulator = createEmulator({ seed: 3, ownerKey: OWNER });
  base = await emulator.listen(0);
});
afterAll(() => emulator.close());

/** One raw HTTP exchange (what fetch cannot send: unknown methods, huge headers). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON
function raw(request: string): Promise<{ status: number; headers: Record<string, string>; body: any }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (d) => (text += d));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) });
    });
  });
}

const rateHeaders = (h: Record<string, string | null>) =>
  ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-ratelimit-window'].map((n) => h[n] ?? null);

async function call(method: string, path: string, body?: string) {
  const res = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${OWNER}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body,
  });
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => (headers[name] = value));
  return { status: res.status, headers, body: await res.json() };
}

describe('error paths', () => {
  it('refuses a body nested 5,000 deep with VALIDATION_ERROR and echoes values, never structures', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const r = await call('POST', '/v2/accounts/api-keys', `{"name":"x","permissions":${deep},"scopes":["clusters"]}`);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      error: 'VALIDATION_ERROR',
      message: expect.any(String),
      details: { field: 'body', reason: 'nested deeper than 64 levels' },
    });
    const shallow = await call(
      'POST',
      '/v2/accounts/api-keys',
      JSON.stringify({
        name: 'x',
        permissions: ['read', [['admin']], { a: 1 }, 'y'.repeat(5000), ...Array(50).fill('z')],
        scopes: ['clusters'],
      }),
    );
    expect(shallow.body.error).toBe('INVALID_PERMISSIONS');
    const echoed = shallow.body.details.invalidPermissions as unknown[];
    expect(echoed.slice(0, 3)).toEqual(['[array]', '[object]', 'y'.repeat(200)]);
    expect(echoed.length).toBeLessThanOrEqual(20);
    expect(rateHeaders(r.headers).every((v) => v !== null)).toBe(true);
  });

  it('answers an unknown method with 405 in the envelope of the path, with Allow and the rate-limit headers', async () => {
    const cluster = await raw('BREW /v1/clusters HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(cluster.status).toBe(405);
    expect(cluster.headers.allow).toBe('GET');
    expect(cluster.body).toMatchObject({
      success: false,
      error: { code: 'METHOD_NOT_ALLOWED', details: { method: 'BREW' } },
      meta: { request_id: cluster.headers['x-request-id'] },
    });
    expect(rateHeaders(cluster.headers).every((v) => v !== null)).toBe(true);
    const unknown = await raw('BREW /v2/nowhere HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('answers headers over 16 KB with 431 HEADERS_TOO_LARGE and the rate-limit headers', async () => {
    const r = await raw(`GET /v2/auth/verify HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`);
    expect(r.status).toBe(431);
    expect(r.body).toEqual({ error: 'HEADERS_TOO_LARGE', message: expect.any(String), details: { maxBytes: 16384 } });
    expect(rateHeaders(r.headers).every((v) => v !== null)).toBe(true);
    const malformed = await raw('THIS IS NOT HTTP\r\n\r\n');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error: 'VALIDATION_ERROR', details: { field: 'request' } });
  });

  it('redacts key values altered by percent-encoding or letter case, in details and in the journal', async () => {
    const variants = [
      KEY,
      `%67pu_live_AbCdEfGh_${'x'.repeat(32)}`,
      KEY.toUpperCase(),
      `gpu%255Flive_AbCdEfGh_${'x'.repeat(32)}`,
      encodeURIComponent(KEY).replace(/_/g, '%5F'),
    ];
    for (const v of variants) {
      const r = await call('GET', `/v2/accounts/api-keys/${v}/usage`);
      expect(r.status).toBe(404);
      expect(JSON.stringify(r.body).toLowerCase()).not.toContain('x'.repeat(32));
      const missing = await call('GET', `/v2/nowhere/${v}`);
      expect(JSON.stringify(missing.body).toLowerCase()).not.toContain('x'.repeat(32));
    }
    const journal = await call('GET', '/_emulator/journal?limit=50');
    expect(JSON.stringify(journal.body).toLowerCase()).not.toContain('x'.repeat(32));
    expect(JSON.stringify(journal.body).toLowerCase()).not.toContain('%78'.repeat(32));
  });
});
