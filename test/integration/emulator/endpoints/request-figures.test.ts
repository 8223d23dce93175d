// Issue 18 part 2 #2: an endpoint's requests in the last hour are one figure (lastHour in the
// emulator's traffic) in the list, the endpoint's read and its Health tab; the analytics' count
// over the logs is a sample of them (at most REQUEST_LINES_PER_MINUTE a minute), labelled so,
// and shown beside the endpoint's figure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_LINES_PER_MINUTE } from '../../../../shared/api/endpoints/logs';
import { startEndpoints, START, type EndpointTarget } from './harness';

let t: EndpointTarget;
beforeAll(async () => {
  t = await startEndpoints();
});
afterAll(() => t.close());

const at = (ms: number) => new Date(ms).toISOString();

describe('requests in the last hour across views', () => {
  it('the list, the endpoint read and the detailed health agree; the logs count at most the sample of them', async () => {
    const list = (await t.call('GET', '/v2/endpoints')).body.endpoints as { id: string; metrics: { requestsLastHour: number } }[];
    expect(list.some((e) => e.metrics.requestsLastHour > REQUEST_LINES_PER_MINUTE * 60)).toBe(true);
    for (const e of list) {
      const read = (await t.call('GET', `/v2/endpoints/${e.id}`)).body;
      const health = (await t.call('GET', `/v2/endpoints/${e.id}/health?check=detailed`)).body;
      expect(read.metrics.requestsLastHour).toBe(e.metrics.requestsLastHour);
      if (health.metrics) expect(health.metrics.requestsLastHour).toBe(e.metrics.requestsLastHour);
      const logged = (
        await t.call('POST', '/v2/endpoints/logs/aggregate', {
          body: {
            endpointIds: [e.id],
            timeRange: { start: at(START.getTime() - 3_600_000), end: at(START.getTime()) },
            aggregations: [{ name: 'total', metrics: ['unique_jobs'] }],
          },
        })
      ).body.aggregations.total[0]?.unique_jobs as number | undefined;
      expect(logged ?? 0).toBeLessThanOrEqual(
        Math.min(REQUEST_LINES_PER_MINUTE * 60, e.metrics.requestsLastHour + REQUEST_LINES_PER_MINUTE),
      );
    }
  });
});
