// The gateway's one path to a host address the API handed out (an upload host, a download host,
// the object store of an export): the address is checked against the active profile's origins
// before anything is sent — no byte of a body is read and no token leaves for another origin —
// then the host's token (never an API key) goes through the profile's own fetch, with bodies
// streamed both ways and refusals normalised.
import { describe, expect, it } from 'vitest';
import { createGateway, hostAllowed } from '../../../main/gateway/gateway';
import type { ResolvedProfile } from '../../../main/profiles/profile-store';
import { MemorySecretStore } from '../../../main/vault/memory-secret-store';
import { failure } from '../../support/failure';
import { fakeFetch, json, type Answer } from './fake-fetch';

const OWNER_KEY = 'sk_live_owner_key_0123456789abcdef';
const REMOTE_KEY = 'sk_live_remote_key_0123456789abcdef';
const TOKEN = 'dsup_token0123456789';
const emulatorProfile: ResolvedProfile = { id: 'local-emulator', name: 'Local emulator', kind: 'emulator', baseUrl: null, builtIn: true };
const remoteProfile: ResolvedProfile = {
  id: 'p-remote',
  name: 'Prod',
  kind: 'remote',
  baseUrl: 'https://api.example.com/base/',
  builtIn: false,
};
const loopbackProfile: ResolvedProfile = {
  id: 'p-remote',
  name: 'Emulator over HTTP',
  kind: 'remote',
  baseUrl: 'http://127.0.0.1:4280',
  builtIn: false,
};

async function setup(answers: Answer[], profile: ResolvedProfile = emulatorProfile) {
  const vault = new MemorySecretStore();
  await vault.set('emulator-owner-key', OWNER_KEY);
  await vault.set('profile:p-remote', REMOTE_KEY);
  const emulator = fakeFetch(answers);
  const remote = fakeFetch(answers);
  const gateway = createGateway({ profiles: { active: () => profile }, vault, emulatorFetch: emulator.fetch, remoteFetch: remote.fetch });
  return { gateway, emulator, remote };
}

/** A request body that records whether anyone started reading it. */
function watchedBody(bytes: Uint8Array) {
  const seen = { pulled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        seen.pulled = true;
        controller.enqueue(bytes);
        controller.close();
      },
    },
    { highWaterMark: 0 },
  ); // pulled only when the request is read, as the upload's byte feed
  return { body: { stream, contentLength: bytes.byteLength }, seen };
}

describe('gateway.host: the one host check', () => {
  it.each([
    ['the emulator: another origin, even https', emulatorProfile, 'https://uploads.elsewhere.example/_uploads/datasets/ds_1'],
    ['the emulator: the emulator over HTTP is not its in-process origin', emulatorProfile, 'http://127.0.0.1:4280/_uploads/datasets/ds_1'],
    ['a remote profile: plain http on another host', remoteProfile, 'http://api.example.com/_uploads/datasets/ds_1'],
    ['a loopback profile: another port', loopbackProfile, 'http://127.0.0.1:4281/_uploads/datasets/ds_1'],
    ['a loopback profile: another name for the same machine', loopbackProfile, 'http://localhost:4280/_uploads/datasets/ds_1'],
  ])('refuses an upload address off the profile (%s) before any byte is sent', async (_case, profile, url) => {
    const { gateway, emulator, remote } = await setup([json(200, { ok: true })], profile);
    const { body, seen } = watchedBody(new Uint8Array([1, 2, 3]));
    const error = await failure(gateway.host({ method: 'PUT', url, token: TOKEN, address: 'upload address', body }));
    expect(error).toMatchObject({ code: 'INVALID_REQUEST', source: 'invalid_request' });
    expect(error.message).toBe('The upload address is not on the active profile’s server');
    expect(seen.pulled).toBe(false);
    expect(emulator.calls).toEqual([]);
    expect(remote.calls).toEqual([]);
  });

  it('refuses an address that is not a URL, naming what it is', async () => {
    const { gateway, emulator } = await setup([json(200, {})]);
    const error = await failure(gateway.host({ method: 'GET', url: '/_downloads/x', token: TOKEN, address: 'download address' }));
    expect(error).toMatchObject({ code: 'INVALID_REQUEST', message: 'The download address is not a valid URL' });
    expect(emulator.calls).toEqual([]);
  });

  it('allows what the profile allows: the in-process origin; https or the own origin for a remote profile', () => {
    const at = (url: string) => new URL(url);
    expect(hostAllowed(emulatorProfile, at('http://emulator.local/_uploads/datasets/ds_1'))).toBe(true);
    expect(hostAllowed(emulatorProfile, at('https://emulator.local/_uploads/datasets/ds_1'))).toBe(false);
    expect(hostAllowed(remoteProfile, at('https://uploads.example.net/datasets/ds_1'))).toBe(true);
    expect(hostAllowed(remoteProfile, at('http://api.example.com/datasets/ds_1'))).toBe(false);
    expect(hostAllowed(loopbackProfile, at('http://127.0.0.1:4280/_object-store/experiments/a.csv'))).toBe(true);
    expect(hostAllowed({ kind: 'remote', baseUrl: null }, at('http://127.0.0.1:4280/x'))).toBe(false);
  });
});

describe('gateway.host: sending', () => {
  it('streams a body to the emulator in-process with the host token, never the API key, and reads the JSON answer', async () => {
    const { gateway, emulator, remote } = await setup([json(200, { datasetId: 'ds_1', size: 3 })]);
    const { body, seen } = watchedBody(new TextEncoder().encode('abc'));
    const answer = await gateway.host({
      method: 'PUT',
      url: 'http://emulator.local/_uploads/datasets/ds_1',
      token: TOKEN,
      address: 'upload address',
      accept: 'application/json',
      body,
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ datasetId: 'ds_1', size: 3 });
    expect(seen.pulled).toBe(true);
    expect(emulator.calls).toEqual([
      { method: 'PUT', url: 'http://emulator.local/_uploads/datasets/ds_1', authorization: `Bearer ${TOKEN}`, body: 'abc' },
    ]);
    expect(remote.calls).toEqual([]);
  });

  it('sends a remote profile’s host request over its own fetch, and hands the answer on as a stream with its size', async () => {
    const bytes = new Uint8Array(70_000).fill(7);
    const { gateway, emulator, remote } = await setup(
      [new Response(bytes, { status: 200, headers: { 'content-type': 'application/zip', 'content-length': String(bytes.byteLength) } })],
      remoteProfile,
    );
    const answer = await gateway.host({
      method: 'GET',
      url: 'https://downloads.example.net/m/1',
      token: 'mdl_dl_x',
      address: 'download address',
    });
    expect(answer).toMatchObject({ status: 200, size: 70_000, contentType: 'application/zip' });
    expect((await new Response(answer.body).arrayBuffer()).byteLength).toBe(70_000);
    expect(remote.calls).toEqual([{ method: 'GET', url: 'https://downloads.example.net/m/1', authorization: 'Bearer mdl_dl_x', body: '' }]);
    expect(JSON.stringify(remote.calls)).not.toContain(REMOTE_KEY);
    expect(emulator.calls).toEqual([]);
  });

  it('turns a refusal into its NormalizedError and a success that is not JSON into INVALID_RESPONSE', async () => {
    const refused = await setup([json(401, { error: 'UNAUTHORIZED', message: 'Upload token expired', details: {} })]);
    expect(
      await failure(
        refused.gateway.host({ method: 'GET', url: 'http://emulator.local/_uploads/x', token: TOKEN, address: 'upload address' }),
      ),
    ).toMatchObject({ status: 401, code: 'UNAUTHORIZED', source: 'account' });
    const garbled = await setup([new Response('{oops', { status: 200, headers: { 'content-type': 'application/json' } })]);
    const answer = await garbled.gateway.host({
      method: 'POST',
      url: 'http://emulator.local/_uploads/x',
      token: TOKEN,
      address: 'upload address',
    });
    expect(await failure(answer.json())).toMatchObject({ code: 'INVALID_RESPONSE', status: 200 });
  });

  it('reports a network failure in words and a cancel as CANCELLED', async () => {
    const { gateway } = await setup([new TypeError('fetch failed')], remoteProfile);
    const error = await failure(
      gateway.host({ method: 'GET', url: 'https://api.example.com/x', token: TOKEN, address: 'download address' }),
    );
    expect(error).toMatchObject({ code: 'NETWORK_ERROR' });
    expect(error.message).toContain('https://api.example.com/base');
    const hanging = await setup(['hang']);
    const controller = new AbortController();
    const pending = hanging.gateway.host({
      method: 'GET',
      url: 'http://emulator.local/_downloads/x',
      token: TOKEN,
      address: 'download address',
      signal: controller.signal,
    });
    controller.abort();
    expect(await failure(pending)).toMatchObject({ code: 'CANCELLED' });
  });
});
