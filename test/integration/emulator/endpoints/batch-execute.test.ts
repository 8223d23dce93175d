// POST /v2/endpoints/batch-execute (01-accounts.md, Usage and limits): executions queued by
// each endpoint's capacity on the simulated clock, refusals per request, the execute permission.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startEndpoints, type EndpointTarget } from './harness';

let t: EndpointTarget;
beforeAll(async () => {
  t = await startEndpoints();
});
afterAll(() => t.close());

describe('batch execute', () => {
  it('runs each request on its endpoint, in waves of workers × maxConcurrency, and refuses per request what cannot run', async () => {
    const sdxl = await t.endpoint('sdxl-image-gen'); // 3 workers × 2
    const stopped = await t.endpoint('starcoder-nightly');
    const requests = [
      ...Array.from({ length: 7 }, (_, i) => ({ endpoint_id: sdxl.id, input: { prompt: `a lighthouse ${i}` } })),
      { endpoint_id: stopped.id, input: { prompt: 'def f():' } },
      { endpoint_id: 'ep_nope', input: {} },
    ];
    const r = await t.call('POST', '/v2/endpoints/batch-execute', { key: t.keys.execute, body: { requests } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ accepted: 7, failed: 2 });
    expect(r.body.batchId).toMatch(/^batch_/);
    const [first, , , , , sixth, seventh] = r.body.executions;
    expect(first).toMatchObject({ index: 0, status: 'IN_PROGRESS', startedAt: r.body.submittedAt, error: null });
    expect(first.requestId).toMatch(/^req_/);
    // The seventh waits for a slot: it starts when the first wave ends.
    expect(sixth.startedAt).toBe(r.body.submittedAt);
    expect(seventh.startedAt).toBe(first.estimatedCompletion);
    expect(r.body.estimatedCompletion).toBe(seventh.estimatedCompletion);
    expect(r.body.executions[7]).toMatchObject({ status: 'FAILED', requestId: null, error: { error: 'ENDPOINT_NOT_READY' } });
    expect(r.body.executions[8]).toMatchObject({ status: 'FAILED', error: { error: 'ENDPOINT_NOT_FOUND' } });
  });

  it('needs the execute permission', async () => {
    const { id } = await t.endpoint('llama3-70b-chat');
    const r = await t.call('POST', '/v2/endpoints/batch-execute', {
      key: t.keys.readOnly,
      body: { requests: [{ endpoint_id: id, input: {} }] },
    });
    expect(errorOf(r)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(r.body.required_permission).toBe('endpoints:execute');
  });

  it('takes 1 to 100 requests, each with an endpoint id and an input object', async () => {
    const { id } = await t.endpoint('llama3-70b-chat');
    for (const body of [
      { requests: [] },
      { requests: Array.from({ length: 101 }, () => ({ endpoint_id: id, input: {} })) },
      { requests: [{ endpoint_id: id }] },
      { requests: [{ endpoint_id: id, input: 'text' }] },
    ])
      expect(errorOf(await t.call('POST', '/v2/endpoints/batch-execute', { body })).code).toBe('VALIDATION_ERROR');
  });
});
