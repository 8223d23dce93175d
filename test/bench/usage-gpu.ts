// GPU usage and idle GPU money (issue 21): the 30-day GPU route and the idle-GPU route over a world
// of 500 generated clusters, in-process, against the cluster list of the same world (the baseline
// measured in the same run). Each read computes every cluster's hours from the metrics simulator
// (clusters/gpu-activity.ts); nothing is cached between reads. Run alone: npx tsx test/bench/usage-gpu.ts
import { fileURLToPath } from 'node:url';
import { createEmulator } from '../../main/emulator';
import { timeEachAsync } from './timing';

export interface UsageGpuBench {
  clusters: number;
  gpu30dMs: number;
  idle30dMs: number;
  clusterListMs: number;
}

export async function benchUsageGpu(): Promise<UsageGpuBench> {
  // Rate limits reported, not enforced: the usage API's 100 an hour would refuse the repeats.
  const emulator = createEmulator({ seed: 42, rateLimits: 'report', scale: { clusters: 500 } });
  const auth = { authorization: `Bearer ${emulator.ownerKey}` };
  const call = async (path: string) => {
    const r = await emulator.fetch(new Request(`http://emulator${path}`, { headers: auth }));
    const body = await r.json();
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(body).slice(0, 200)}`);
    return body;
  };
  try {
    const list = await call('/v1/clusters');
    for (let i = 0; i < 3; i++) {
      await call('/v2/accounts/usage/gpu?period=30d');
      await call('/v2/accounts/usage/idle-gpus?period=30d');
      await call('/v1/clusters');
    }
    return {
      clusters: list.data.clusters.length,
      gpu30dMs: await timeEachAsync(9, async () => void (await call('/v2/accounts/usage/gpu?period=30d&includeMetrics=true'))),
      idle30dMs: await timeEachAsync(9, async () => void (await call('/v2/accounts/usage/idle-gpus?period=30d'))),
      clusterListMs: await timeEachAsync(9, async () => void (await call('/v1/clusters'))),
    };
  } finally {
    await emulator.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await benchUsageGpu(), null, 2));
}
