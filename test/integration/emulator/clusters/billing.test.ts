// A cluster's billing across a restart that changes its rate, over HTTP: the session cost does
// not jump when the new rate starts (what ran before stays billed at the old rate), and it then
// grows at the new rate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClusters, type ClusterTarget } from './harness';

let t: ClusterTarget;
beforeAll(async () => (t = await startClusters()));
afterAll(() => t.close());

describe('cluster billing across a rate change (http)', () => {
  it('keeps the hours before a restart at the old rate and bills the new rate from then on', async () => {
    const c = await t.cluster('notebook-sandbox');
    expect(c.status).toBe('running');
    const read = async () => (await t.call('GET', `/v1/clusters/${c.id}`)).body.data;
    const before = (await read()).cost.session_cost as number;
    const r = await t.call('POST', `/v1/clusters/${c.id}/restart`, {
      body: { update_configuration: { cpu_cores: c.resources.cpu_cores + 8 }, restart_reason: 'more cpu' },
    });
    expect(r.status).toBe(200);
    const { old_hourly_rate: oldRate, new_hourly_rate: newRate } = r.body.data.cost_impact;
    expect(newRate).toBeGreaterThan(oldRate);
    // The same moment: the session cost has not jumped to the new rate over the whole session.
    const at = await read();
    expect(at.cost.session_cost).toBeCloseTo(before, 2);
    expect(at.cost.hourly_rate).toBe(newRate);
    await t.advance(3600);
    const later = await read();
    expect(later.cost.session_cost).toBeCloseTo(before + newRate, 1);
  });
});
