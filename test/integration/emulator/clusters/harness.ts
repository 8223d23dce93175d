// An emulator over real HTTP (listen on port 0) for the cluster-area tests, with helpers
// to find seeded clusters and to move the simulated clock through the admin route.
import { createEmulator, type Emulator, type EmulatorOptions } from '../../../../main/emulator';
import { checkContract } from '../contract';
import { bodyText, OWNER, type Reply } from '../harness';

export interface ClusterTarget {
  url: string;
  emulator: Emulator;
  keys: Readonly<Record<string, string>>;
  call(
    method: string,
    path: string,
    options?: { key?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> },
  ): Promise<Reply>;
  /** POST /_emulator/clock/advance; returns the new simulated now (ms). */
  advance(seconds: number): Promise<number>;
  now(): Promise<number>;
  /** The seeded cluster of this name (llm-pretraining, vision-finetune, …). */
  cluster(name: string): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire JSON
  close(): Promise<void>;
}

export async function startClusters(options: EmulatorOptions = {}): Promise<ClusterTarget> {
  const emulator = createEmulator({ seed: 42, ownerKey: OWNER, rateLimits: 'report', ...options });
  const url = await emulator.listen(0);
  const call: ClusterTarget['call'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    const key = o.key === undefined ? OWNER : o.key;
    if (key !== null) headers.authorization = `Bearer ${key}`;
    const body = o.raw ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url + path, { method, headers, body });
    const text = await bodyText(res);
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // leave as text
    }
    const reply = { status: res.status, headers: res.headers, body: parsed };
    // Every reply is held to the operation table's contract.
    checkContract(method, url + path, reply);
    return reply;
  };
  return {
    url,
    emulator,
    keys: emulator.seededKeys,
    call,
    async advance(seconds) {
      const r = await call('POST', '/_emulator/clock/advance', { body: { seconds } });
      if (r.status !== 200) throw new Error(`clock advance failed: ${r.status}`);
      return Date.parse(r.body.now);
    },
    async now() {
      return Date.parse((await call('GET', '/_emulator/clock')).body.now);
    },
    async cluster(name) {
      const list = await call('GET', '/v1/clusters');
      const found = list.body.data.clusters.find((c: { name: string }) => c.name === name);
      if (!found) throw new Error(`no seeded cluster ${name}`);
      return found;
    },
    close: () => emulator.close(),
  };
}

/** The cluster envelope's error, for concise assertions. */
export const errorOf = (r: Reply) => ({
  status: r.status,
  code: r.body?.error?.code as string | undefined,
  details: r.body?.error?.details,
});
