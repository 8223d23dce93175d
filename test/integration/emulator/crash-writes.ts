// Continuous concurrent writes against the emulator CLI with a data folder, killed with
// SIGKILL at a given moment; a ledger of every write answered 2xx, checked after a restart
// on the same folder. Shared by the durability test (a few cycles) and the durability bench
// (100 cycles). docs/decisions.md, Persistence.
import { startCli, type CliProcess } from './harness';

const CRASH_OWNER = 'gpu_live_OwnerCrash_0123456789abcdefghijABCDEFGH';

/** Every write the emulator answered 2xx, by kind. */
export interface Ledger {
  /** Created keys: id → value. */
  created: Map<string, string>;
  /** Revoked keys: id → value (must then get 401). */
  revoked: Map<string, string>;
  /** Created secrets: `<cluster id>/<name>`. */
  secrets: Set<string>;
}

export const newLedger = (): Ledger => ({ created: new Map(), revoked: new Map(), secrets: new Set() });

/** Adds `from` to `into`. */
export function mergeLedger(into: Ledger, from: Ledger): void {
  for (const [id, value] of from.created) into.created.set(id, value);
  for (const [id, value] of from.revoked) into.revoked.set(id, value);
  for (const entry of from.secrets) into.secrets.add(entry);
}

export interface CycleResult {
  /** Writes answered 2xx in this cycle (the next cycle checks them). */
  ledger: Ledger;
  answered: number;
  /** Requests sent and not answered when the process died. */
  inFlight: number;
  /** Writes of the ledger given to the cycle that its restart lost (checked at its start). */
  lost: string[];
}

type Send = (method: string, path: string, body?: unknown, key?: string) => Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- arbitrary JSON

function sender(url: string): Send {
  return async (method, path, body, key = CRASH_OWNER) => {
    const res = await fetch(url + path, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}

function startEmulator(dir: string): Promise<CliProcess> {
  return startCli(['--port', '0', '--data', dir, '--owner-key', CRASH_OWNER, '--rate-limits', 'report'], { singleProcess: true });
}

/** What the restarted emulator lost of the ledger: one line per lost write. */
async function lostWrites(send: Send, ledger: Ledger): Promise<string[]> {
  const lost: string[] = [];
  const listed = await send('GET', '/v2/accounts/api-keys');
  if (listed.status !== 200) return [`key list answered ${listed.status}`];
  const keys = new Map<string, { status: string }>((listed.body.apiKeys as Array<{ id: string; status: string }>).map((k) => [k.id, k]));
  for (const id of ledger.created.keys()) if (!keys.has(id)) lost.push(`created key ${id}`);
  const revoked = [...ledger.revoked];
  for (let i = 0; i < revoked.length; i += 16) {
    await Promise.all(
      revoked.slice(i, i + 16).map(async ([id, value]) => {
        if (keys.get(id)?.status !== 'revoked') lost.push(`revocation of ${id} (listed ${keys.get(id)?.status ?? 'absent'})`);
        const verify = await send('GET', '/v2/auth/verify', undefined, value);
        if (verify.status !== 401) lost.push(`revocation of ${id} (its value answered ${verify.status})`);
      }),
    );
  }
  const byCluster = new Map<string, string[]>();
  for (const entry of ledger.secrets) {
    const [cluster, name] = entry.split('/') as [string, string];
    byCluster.set(cluster, [...(byCluster.get(cluster) ?? []), name]);
  }
  for (const [cluster, names] of byCluster) {
    const list = await send('GET', `/v1/clusters/${cluster}/secrets`);
    const present = new Set((list.body?.data?.secrets as Array<{ name: string }> | undefined)?.map((s) => s.name) ?? []);
    for (const name of names) if (!present.has(name)) lost.push(`secret ${cluster}/${name}`);
  }
  return lost;
}

/**
 * One cycle: start the CLI on `dir`, check `previous` (the writes the last cycle saw
 * answered), revoke the keys it left active (the account allows 50), run `writers` concurrent
 * writers (key creations, revocations of their own keys, secret creations) and SIGKILL the
 * process `killAfterMs` after they start.
 */
export async function crashCycle(
  dir: string,
  previous: Ledger,
  options: { cycle: number; writers: number; killAfterMs: number },
): Promise<CycleResult> {
  const cli = await startEmulator(dir);
  const exited = new Promise<void>((resolve) => cli.child.once('exit', () => resolve()));
  const send = sender(cli.url);
  const ledger = newLedger();
  try {
    const lost = await lostWrites(send, previous);
    // Also keys whose creation was applied but never answered (the kill came first).
    const active = (
      (await send('GET', '/v2/accounts/api-keys')).body.apiKeys as Array<{ id: string; name: string; status: string }>
    ).filter((k) => k.status === 'active' && k.name.startsWith('crash '));
    for (const { id } of active) {
      const r = await send('DELETE', `/v2/accounts/api-keys/${id}`);
      const value = previous.created.get(id);
      if (r.status === 200 && value !== undefined) ledger.revoked.set(id, value);
    }
    const clusters = ((await send('GET', '/v1/clusters')).body.data.clusters as Array<{ id: string }>).map((c) => c.id);
    let answered = 0;
    let inFlight = 0;
    let dead = false;
    const writer = async (w: number) => {
      const mine: Array<[string, string]> = [];
      for (let n = 0; !dead; n++) {
        inFlight++;
        try {
          const op = n % 3;
          if (op === 1 && mine.length > 0) {
            const [id, value] = mine.shift()!;
            const r = await send('DELETE', `/v2/accounts/api-keys/${id}`);
            if (r.status === 200) {
              ledger.revoked.set(id, value);
              answered++;
            }
          } else if (op === 2) {
            const cluster = clusters[(w + n) % clusters.length]!;
            const name = `C${options.cycle}_W${w}_${n}`;
            const r = await send('POST', `/v1/clusters/${cluster}/secrets`, { name, type: 'generic', value: `value-${name}` });
            if (r.status === 201) {
              ledger.secrets.add(`${cluster}/${name}`);
              answered++;
            }
          } else {
            const r = await send('POST', '/v2/accounts/api-keys', {
              name: `crash ${options.cycle}.${w}.${n}`,
              permissions: ['read'],
              scopes: ['clusters'],
            });
            if (r.status === 201) {
              ledger.created.set(r.body.id, r.body.key);
              mine.push([r.body.id, r.body.key]);
              answered++;
            }
          }
          inFlight--;
        } catch {
          dead = true; // the process is gone: this request was never answered
        }
      }
    };
    const running = Array.from({ length: options.writers }, (_, w) => writer(w));
    await new Promise((resolve) => setTimeout(resolve, options.killAfterMs));
    const pending = inFlight;
    cli.child.kill('SIGKILL');
    await Promise.all(running);
    await exited;
    return { ledger, answered, inFlight: pending, lost };
  } finally {
    if (cli.child.exitCode === null && cli.child.signalCode === null) cli.child.kill('SIGKILL');
  }
}

/** A last start on `dir` that checks the ledger, then stops cleanly. */
export async function finalCheck(dir: string, ledger: Ledger): Promise<string[]> {
  const cli = await startEmulator(dir);
  try {
    return await lostWrites(sender(cli.url), ledger);
  } finally {
    await cli.stop();
  }
}
