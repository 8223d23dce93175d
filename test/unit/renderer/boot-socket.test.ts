// renderer/public/boot-socket.js, the web-mode script that runs before the console: it takes
// the token out of the address bar as bridge/token.ts does, keeping the route it follows
// (`#/logs?src=…&token=…`), or connects with the console's stored one (a new tab).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { hashWithoutToken } from '../../../renderer/src/bridge/token';

const SCRIPT = readFileSync(join(__dirname, '../../../renderer/public/boot-socket.js'), 'utf8');
const TOKEN = 't0k-t0k-t0k-t0k-t0k';

function boot(hash: string, shared: string | null = null): { address: string | null; stored: string | null; socket: string | null } {
  let address: string | null = null;
  const store = new Map<string, string>();
  const origin = new Map<string, string>(shared === null ? [] : [['gpc.token', shared]]);
  let socket: string | null = null;
  const window: Record<string, unknown> = {};
  runInNewContext(SCRIPT, {
    window,
    location: { hash, pathname: '/', search: '', protocol: 'http:', host: '127.0.0.1:4790' },
    history: { replaceState: (_s: unknown, _t: string, url: string) => (address = url) },
    sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) },
    localStorage: {
      getItem: (k: string) => origin.get(k) ?? null,
      setItem: () => expect.fail('only the console stores an accepted token'),
    },
    WebSocket: class {
      constructor(url: string) {
        socket = url;
      }
    },
  });
  return { address, stored: store.get('gpc.token') ?? null, socket };
}

describe('boot-socket.js', () => {
  it('keeps the token and leaves the route it came with, as the console does', () => {
    for (const hash of [
      `#token=${TOKEN}`,
      `#/logs?src=cluster%3Acluster_a&token=${TOKEN}`,
      `#/logs?token=${TOKEN}&src=cluster%3Acluster_a`,
      `#/logs?token=${TOKEN}`,
      `#/logs?src=a&token=${TOKEN}&b=2`,
    ]) {
      const r = boot(hash);
      expect(r.stored).toBe(TOKEN);
      expect(r.socket).toBe('ws://127.0.0.1:4790/bridge');
      expect(r.address).toBe(`/${hashWithoutToken(hash)}`);
    }
    expect(boot(`#/logs?src=a&token=${TOKEN}`).address).toBe('/#/logs?src=a');
  });

  it('does nothing without a token', () => {
    expect(boot('#/clusters')).toEqual({ address: null, stored: null, socket: null });
  });

  it("connects a new tab (a deep link, a bookmark) with the console's token, leaving its address alone", () => {
    expect(boot('#/clusters/cl_1/metrics', TOKEN)).toEqual({ address: null, stored: null, socket: 'ws://127.0.0.1:4790/bridge' });
  });
});
