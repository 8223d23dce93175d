// The gateway against the real emulator, both ways it can be reached: in-process (the
// built-in profile) and over HTTP on loopback (a remote profile aimed at the CLI's server).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NormalizedError } from '../../../shared/api/errors';
import { BridgeError } from '../../../shared/ipc/dispatch';
import { createEmulator, type Emulator } from '../../../main/emulator/index';
import { createGateway, type RateLimitEvent } from '../../../main/gateway/gateway';
import type { ResolvedProfile } from '../../../main/profiles/profile-store';
import { MemorySecretStore } from '../../../main/vault/memory-secret-store';
import { failure } from '../../support/failure';

let emulator: Emulator;
let baseUrl: string;
const vault = new MemorySecretStore();
const builtIn: ResolvedProfile = { id: 'local-emulator', name: 'Local emulator', kind: 'emulator', baseUrl: null, builtIn: true };
let active: ResolvedProfile = builtIn;

const gateway = () =>
  createGateway({ profiles: { active: () => active }, vault, emulatorFetch: (r) => emulator.fetch(r), retry: { delayMs: () => 0 } });

beforeAll(async () => {
  emulator = createEmulator({ seed: 11 });
  baseUrl = await emulator.listen(0, '127.0.0.1');
  await vault.set('emulator-owner-key', emulator.ownerKey);
  await vault.set('profile:p-http', emulator.ownerKey);
  await vault.set('profile:p-wrong', 'sk_live_not_a_real_key_000000');
});

afterAll(async () => {
  await emulator?.close();
});

describe('gateway with the real emulator', () => {
  it('reaches it in-process and over HTTP with the same answers and rate-limit headers', async () => {
    const g = gateway();
    const events: RateLimitEvent[] = [];
    g.onRateLimit((e) => events.push(e));
    active = builtIn;
    const inProcess = await g.call('auth.verify', {});
    active = { id: 'p-http', name: 'Over HTTP', kind: 'remote', baseUrl, builtIn: false };
    const overHttp = await g.call('auth.verify', {});
    expect(overHttp.data).toEqual(inProcess.data);
    expect(inProcess.rateLimit).toMatchObject({ window: expect.any(Number), limit: expect.any(Number) });
    expect(overHttp.rateLimit).toMatchObject({ window: expect.any(Number), limit: expect.any(Number) });
    expect(events.map((e) => e.profileId)).toEqual(['local-emulator', 'p-http']);
  });

  it('normalises the emulator 401 for a wrong key', async () => {
    active = { id: 'p-wrong', name: 'Wrong key', kind: 'remote', baseUrl, builtIn: false };
    const error = await failure(gateway().call('apiKeys.list', {}));
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED', source: 'account' });
    expect(error.message).not.toContain('sk_live_not_a_real_key_000000');
  });

  it('returns the key-creation 429 with its Retry-After rather than waiting an hour', async () => {
    active = builtIn;
    const g = gateway();
    let limited: NormalizedError | null = null;
    for (let i = 0; i < 12 && !limited; i++) {
      try {
        await g.call('apiKeys.create', { body: { name: `burst ${i}`, permissions: ['read'], scopes: ['accounts'] } });
      } catch (error) {
        if (!(error instanceof BridgeError)) throw error;
        limited = error.normalized;
      }
    }
    expect(limited).toMatchObject({ status: 429, code: 'RATE_LIMIT_EXCEEDED' });
    expect(limited?.retryAfter).toBeGreaterThan(10);
  });

  it('reports an unreachable server as a network error', async () => {
    const closed = createEmulator({ seed: 1 });
    const url = await closed.listen(0, '127.0.0.1');
    await closed.close();
    active = { id: 'p-http', name: 'Gone', kind: 'remote', baseUrl: url, builtIn: false };
    const error = await failure(gateway().call('auth.verify', {}));
    expect(error).toMatchObject({ status: 0, source: 'network', code: 'NETWORK_ERROR' });
    expect(error.message).toContain(new URL(url).origin);
  });
});
