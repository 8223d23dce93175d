// In-process latency of one API call through the gateway to the embedded emulator: the path
// every renderer call takes in the desktop app, minus the IPC hop (issue 2, Performance).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmulatorOptions } from '../../main/emulator/index';
import { createServices } from '../../main/services';
import { MemorySecretStore } from '../../main/vault/memory-secret-store';

const WARM_UP = 1000;
const CALLS = 3000;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export async function benchGateway(): Promise<{ p50Ms: number; p95Ms: number; n: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'gpc-bench-gateway-'));
  // Thousands of reads in a second would hit the hourly read limit: count, never refuse.
  const emulator = { rateLimits: 'report' } as EmulatorOptions;
  const services = await createServices({ mode: 'web', dataDir, secretStore: new MemorySecretStore(), emulator });
  try {
    for (let i = 0; i < WARM_UP; i++) await services.gateway.call('apiKeys.list', {});
    const samples = new Array<number>(CALLS);
    for (let i = 0; i < CALLS; i++) {
      const start = process.hrtime.bigint();
      const response = await services.gateway.call('apiKeys.list', {});
      samples[i] = Number(process.hrtime.bigint() - start) / 1e6;
      if (response.status !== 200) throw new Error(`apiKeys.list answered ${response.status}`);
    }
    samples.sort((a, b) => a - b);
    return { p50Ms: percentile(samples, 50), p95Ms: percentile(samples, 95), n: CALLS };
  } finally {
    await services.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// `npx tsx test/bench/gateway.ts` runs it alone.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  benchGateway().then((r) =>
    console.log(`gateway -> emulator in-process: p50 ${r.p50Ms.toFixed(3)} ms, p95 ${r.p95Ms.toFixed(3)} ms (n=${r.n})`),
  );
}
