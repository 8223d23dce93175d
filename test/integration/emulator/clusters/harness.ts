// An emulator over real HTTP (listen on port 0) for the cluster-area tests, with helpers
// to find seeded clusters and to move the simulated clock through the admin route.
import { createEmulator, type Emulator, type EmulatorOptions } from '../../../../main/emulator';
import { advanceClock, makeCall, OWNER, type CallOptions, type Reply } from '../harness';

export interface ClusterTarget {
  url: string;
  emulator: Emulator;
  keys: Readonly<Record<string, string>>;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
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
  const call = makeCall(fetch, url, OWNER);
  return {
    url,
    emulator,
    keys: emulator.seededKeys,
    call,
    advance: (seconds) => advanceClock(call, seconds),
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
