// Usage and costs over a big account (issue 21): a world of 500 clusters, 200 endpoints and 1,000
// training jobs, the 90-day summary and the 90-day hourly detailed timeline read in-process,
// against the cluster list of the same world read the same way (the baseline of the run).
// Run alone: npx tsx test/bench/usage.ts
import { pathToFileURL } from 'node:url';
import { createEmulator } from '../../main/emulator';
import { timeEachAsync } from './timing';

export interface UsageBench {
  resources: { clusters: number; endpoints: number; jobs: number };
  summaryMs: number;
  detailedHourlyMs: number;
  clusterListMs: number;
}

export const USAGE_WORLD = { clusters: 500, endpoints: 200, trainingJobs: 1000 } as const;

export async function benchUsage(): Promise<UsageBench> {
  const emulator = createEmulator({ seed: 42, rateLimits: 'report', speed: 1e-6, scale: USAGE_WORLD });
  const call = async (path: string) => {
    const r = await emulator.fetch(new Request(`http://emulator${path}`, { headers: { authorization: `Bearer ${emulator.ownerKey}` } }));
    const json = (await r.json()) as Record<string, unknown>;
    if (!r.ok) throw new Error(`GET ${path}: ${r.status} ${JSON.stringify(json).slice(0, 300)}`);
    return json;
  };
  try {
    const clusters = ((await call('/v1/clusters')).data as { clusters: unknown[] }).clusters.length;
    const endpoints = ((await call('/v2/endpoints')).endpoints as unknown[]).length;
    const jobs = ((await call('/v2/training/jobs?limit=1')).pagination as { total: number }).total;
    // Warm-up: the first reads compile the paths.
    for (let i = 0; i < 3; i++) {
      await call('/v2/accounts/usage?period=90d');
      await call('/v2/accounts/usage/detailed?period=90d&granularity=hour');
      await call('/v1/clusters');
    }
    const summaryMs = await timeEachAsync(15, async () => void (await call('/v2/accounts/usage?period=90d')));
    const detailedHourlyMs = await timeEachAsync(
      15,
      async () => void (await call('/v2/accounts/usage/detailed?period=90d&granularity=hour')),
    );
    const clusterListMs = await timeEachAsync(15, async () => void (await call('/v1/clusters')));
    return { resources: { clusters, endpoints, jobs }, summaryMs, detailedHourlyMs, clusterListMs };
  } finally {
    await emulator.close();
  }
}

const entry = process.argv[1] ? pathToFileURL(process.argv[1]).href : '';
if (entry === import.meta.url) {
  const r = await benchUsage();
  process.stdout.write(
    `usage over ${r.resources.clusters} clusters, ${r.resources.endpoints} endpoints, ${r.resources.jobs} jobs: 90-day summary ${r.summaryMs.toFixed(1)} ms, hourly detailed ${r.detailedHourlyMs.toFixed(1)} ms; cluster list ${r.clusterListMs.toFixed(1)} ms\n`,
  );
}
