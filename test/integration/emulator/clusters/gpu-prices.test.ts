// Issue 18 part 2 #1: one price per GPU wherever it is shown. A cluster's hourly rate is its GPUs
// at GPU_HOURLY_PRICE plus CPU, memory and storage (hourlyRateParts); the cost card writes both
// parts, and the training form's price per GPU is the same table's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListClustersResponse } from '../../../../shared/api/clusters/cluster';
import { GPU_HOURLY_PRICE, hourlyRateParts } from '../../../../shared/api/clusters/common';
import { TRAINING_GPUS } from '../../../../shared/api/training/catalog';
import { hourlyRateBreakdown } from '../../../../renderer/src/features/clusters/clusters/cluster-logic';
import { formatHourly } from '../../../../renderer/src/lib/money';
import { startClusters, type ClusterTarget } from './harness';

let t: ClusterTarget;
beforeAll(async () => (t = await startClusters()));
afterAll(() => t.close());

describe('GPU prices across views', () => {
  it("every cluster's rate is its GPUs at the one price per GPU plus resources, and the card's parts add to it", async () => {
    const clusters = ListClustersResponse.parse((await t.call('GET', '/v1/clusters')).body).data.clusters;
    expect(clusters.length).toBeGreaterThan(0);
    for (const c of clusters) {
      const parts = hourlyRateParts({ gpu_type: c.gpu.type, gpu_count: c.gpu.count, ...c.resources });
      expect(c.cost.hourly_rate).toBe(parts.total);
      const shown = hourlyRateBreakdown(c);
      const money = [...shown.matchAll(/\$([\d,]+\.\d\d)\/h/g)].map((m) => Number(m[1]!.replace(/,/g, '')));
      if (c.gpu.count > 0) {
        expect(shown).toContain(`at ${formatHourly(GPU_HOURLY_PRICE[c.gpu.type])} per GPU`);
        expect(Math.round((money[0]! * c.gpu.count + money[1]!) * 100) / 100).toBe(c.cost.hourly_rate);
      } else expect(money[0]).toBe(c.cost.hourly_rate);
    }
  });

  it("the training form's price per GPU is the clusters' table's for the same GPU", () => {
    expect(TRAINING_GPUS.a100.hourlyPrice).toBe(GPU_HOURLY_PRICE.A100_80GB);
    expect(TRAINING_GPUS.h100.hourlyPrice).toBe(GPU_HOURLY_PRICE.H100);
    expect(TRAINING_GPUS.rtx4090.hourlyPrice).toBe(GPU_HOURLY_PRICE.RTX_4090);
  });
});
