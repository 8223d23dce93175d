// Cluster metrics (issue 9): the cost of computing the current snapshot of an 8-GPU cluster
// (the simulator alone, against a JSON round trip of the same snapshot measured in the same
// run), and of the routes in-process — snapshot, 7 days of history at 15 minutes, 7 days of
// statistics, and a 7-day range at 1 minute refused by the point bound — against the cluster
// GET route. Run alone: npx tsx test/bench/metrics.ts
import { fileURLToPath } from 'node:url';
import { createEmulator } from '../../main/emulator';
import { renderVector } from '../../main/emulator/areas/clusters/sim/metrics/render';
import { modelOf, sampleAt } from '../../main/emulator/areas/clusters/sim/metrics/sample';
import type { StoredCluster } from '../../main/emulator/areas/clusters/state';
import { MetricCategory } from '../../shared/api/clusters/metrics';
import { timeEach, timeEachAsync } from './timing';

const DAY = 86_400_000;

export interface MetricsBench {
  /** Simulator + rendering of one 8-GPU snapshot, ms (median). */
  snapshotComputeMs: number;
  /** JSON.stringify + parse of that snapshot, ms (median): the baseline. */
  jsonRoundTripMs: number;
  snapshotRouteMs: number;
  clusterGetMs: number;
  historical7dMs: number;
  historical7dPoints: number;
  aggregated7dMs: number;
  refused7d1mMs: number;
}

export async function benchMetrics(): Promise<MetricsBench> {
  const emulator = createEmulator({ seed: 42, rateLimits: 'report' });
  const auth = { authorization: `Bearer ${emulator.ownerKey}` };
  const call = async (path: string) => {
    const r = await emulator.fetch(new Request(`http://emulator${path}`, { headers: auth }));
    const body = await r.json();
    if (r.status >= 300 && !path.includes('interval=1m')) throw new Error(`${path}: ${r.status} ${JSON.stringify(body).slice(0, 200)}`);
    return body;
  };
  try {
    const snap = await call('/_emulator/snapshot');
    const cluster = snap.state.areas.clusters.clusters.find((c: StoredCluster) => c.name === 'llm-pretraining') as StoredCluster;
    const now = snap.clock.now as number;
    const model = modelOf(snap.seed, cluster);
    const options = {
      categories: new Set(MetricCategory.options),
      gpus: [0, 1, 2, 3, 4, 5, 6, 7],
      temperature: true,
      power: true,
      ethMbps: 100_000,
    };
    const render = (t: number) => ({
      cluster_id: cluster.id,
      timestamp: new Date(t).toISOString(),
      ...renderVector(sampleAt(model, t), 0, model.layout, options),
    });
    for (let i = 0; i < 2000; i++) render(now + i * 1000); // warm-up
    const snapshotComputeMs = timeEach(5000, (i) => render(now + i * 997));
    const sample = render(now);
    const jsonRoundTripMs = timeEach(5000, () => JSON.parse(JSON.stringify(sample)));

    const base = `/v1/clusters/${cluster.id}`;
    const week = `start_time=${new Date(now - 7 * DAY).toISOString()}&end_time=${new Date(now).toISOString()}`;
    for (let i = 0; i < 200; i++) {
      await call(`${base}/metrics`);
      await call(base);
    }
    const snapshotRouteMs = await timeEachAsync(1000, async () => void (await call(`${base}/metrics`)));
    const clusterGetMs = await timeEachAsync(1000, async () => void (await call(base)));
    let historical7dPoints = 0;
    const historical7dMs = await timeEachAsync(15, async () => {
      historical7dPoints = (await call(`${base}/metrics/historical?${week}&interval=15m`)).data.data_points.length;
    });
    const aggregated7dMs = await timeEachAsync(15, async () => void (await call(`${base}/metrics/aggregated?${week}`)));
    const refused7d1mMs = await timeEachAsync(200, async () => void (await call(`${base}/metrics/historical?${week}&interval=1m`)));
    return {
      snapshotComputeMs,
      jsonRoundTripMs,
      snapshotRouteMs,
      clusterGetMs,
      historical7dMs,
      historical7dPoints,
      aggregated7dMs,
      refused7d1mMs,
    };
  } finally {
    await emulator.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await benchMetrics(), null, 2));
}
