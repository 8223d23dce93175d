// `GET /` over real HTTP: what the server is, where its OpenAPI document is and that the
// document needs the owner key — without a key, since it tells how to get one.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli, type CliProcess } from './harness';

const version = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

let cli: CliProcess;
beforeAll(async () => {
  cli = await startCli(['--port', '0']);
});
afterAll(async () => {
  await cli?.stop();
});

describe('GET / of the emulator', () => {
  it('answers without a key with its name, version, the OpenAPI document and that it needs the owner key', async () => {
    const res = await fetch(`${cli.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    // Counted like any request: the rate-limit headers come with it.
    expect(res.headers.get('x-ratelimit-limit')).not.toBeNull();
    const body = (await res.json()) as Record<string, string>;
    expect(body).toMatchObject({
      name: 'GPU Operator Console platform emulator',
      version,
      apiVersion: '2.0.0',
      openapi: '/_emulator/openapi.json',
      health: '/_emulator/health',
    });
    expect(body.authentication).toContain('owner key');
  });

  it('points at an OpenAPI document that is there and needs the owner key', async () => {
    const body = (await (await fetch(`${cli.url}/`)).json()) as { openapi: string };
    const anonymous = await fetch(cli.url + body.openapi);
    expect(anonymous.status).toBe(401);
    const owner = await fetch(cli.url + body.openapi, { headers: { authorization: `Bearer ${cli.ownerKey}` } });
    expect(owner.status).toBe(200);
    expect(((await owner.json()) as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('answers another method on / with 405 and Allow: GET', async () => {
    const res = await fetch(`${cli.url}/`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });
});
