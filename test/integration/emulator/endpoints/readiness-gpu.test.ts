// Issue 18 part 2 #5: readiness's "GPU available" and the health report's Resources read one
// source (gpuAvailableAt): no endpoint passes gpu_available while its GPU is unhealthy or failed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpoints, type EndpointTarget } from './harness';

let t: EndpointTarget;
beforeAll(async () => {
  t = await startEndpoints();
});
afterAll(() => t.close());

describe('GPU availability across readiness and health', () => {
  it("gpu_available passes exactly when the health report's GPU is usable", async () => {
    const list = (await t.call('GET', '/v2/endpoints')).body.endpoints as { id: string; status: string }[];
    const seen = new Set<string>();
    for (const e of list) {
      const ready = (await t.call('GET', `/v2/endpoints/${e.id}/ready`)).body;
      const health = (await t.call('GET', `/v2/endpoints/${e.id}/health?check=detailed`)).body;
      const gpu = health.resources.gpu as { status: string; errors: string[] };
      const check = (ready.checks as { name: string; status: string }[]).find((c) => c.name === 'gpu_available')!;
      const usable = gpu.status === 'healthy' || gpu.status === 'warning' || gpu.status === 'initializing';
      expect(check.status, `${e.status}: GPU ${gpu.status} ${gpu.errors.join('; ')}`).toBe(usable ? 'pass' : 'fail');
      expect(ready.readinessGates.resources).toBe(usable);
      seen.add(gpu.status);
    }
    expect(seen.has('unhealthy')).toBe(true);
  });
});
