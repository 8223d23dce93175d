// Health, batch health, readiness and liveness (03-endpoints-training.md, Endpoint health;
// Health report): depths and sections, startup phases on the clock, issues and recovery
// actions, and HEALTH_CHECK_TIMEOUT with partial results.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startEndpoints, type EndpointTarget } from './harness';

let t: EndpointTarget;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await startEndpoints();
  for (const e of (await t.call('GET', '/v2/endpoints')).body.endpoints) ids[e.name] = e.id;
});
afterAll(() => t.close());

const health = (name: string, query = '') => t.call('GET', `/v2/endpoints/${ids[name]}/health${query}`);

describe('endpoint health', () => {
  it('basic covers the API and the model; detailed adds resources, metrics and dependencies; deep adds connectivity, I/O and inference', async () => {
    const basic = await health('llama3-70b-chat');
    expect(basic.status).toBe(200);
    expect(basic.body).toMatchObject({ endpointId: ids['llama3-70b-chat'], status: 'healthy', readiness: 'ready', check: 'basic' });
    expect(Object.keys(basic.body.checks).sort()).toEqual(['api', 'model']);
    expect(basic.body.resources).toBeUndefined();
    expect(basic.body.uptime).toMatch(/^\d+h \d+m \d+s$/);

    const detailed = await health('llama3-70b-chat', '?check=detailed');
    expect(Object.keys(detailed.body.checks).sort()).toEqual(['api', 'dependencies', 'model']);
    expect(detailed.body.resources.gpu).toMatchObject({ status: 'healthy', memory: { total: '80GB' } });
    expect(detailed.body.metrics.requestsLastHour).toBeGreaterThan(0);
    expect(detailed.body.responseTime).toBeGreaterThan(basic.body.responseTime);

    const deep = await health('llama3-70b-chat', '?check=deep');
    expect(Object.keys(deep.body.checks).sort()).toEqual(['api', 'connectivity', 'dependencies', 'inference', 'io', 'model']);
    expect(deep.body.checks.inference.status).toBe('healthy');
  });

  it('adds the sections named by include at any depth', async () => {
    const r = await health('llama3-70b-chat', '?include=resources,connectivity');
    expect(r.body.resources.cpu.cores).toBe(16);
    expect(r.body.checks.connectivity.tests.map((x: { target: string }) => x.target)).toEqual([
      'gateway',
      'object_store',
      'model_registry',
    ]);
    expect(r.body.checks.dependencies).toBeUndefined();
  });

  it('reports issues with recommendations and recovery actions for degraded, unhealthy and failed endpoints', async () => {
    const unhealthy = await health('bge-embeddings', '?check=detailed');
    expect(unhealthy.body.status).toBe('unhealthy');
    expect(unhealthy.body.readiness).toBe('not_ready');
    expect(unhealthy.body.issues.length).toBeGreaterThan(0);
    for (const i of unhealthy.body.issues) expect(i.recommendation.length).toBeGreaterThan(0);
    expect(unhealthy.body.recoveryActions.find((a: { action: string }) => a.action === 'restart_workers').estimated_downtime).toBe(
      '2-3 minutes',
    );
    expect(unhealthy.body.checks.dependencies.services.find((s: { name: string }) => s.name === 'object_store')).toMatchObject({
      status: 'unhealthy',
      error: 'timed out after 5000 ms',
    });

    const degraded = await health('whisper-transcribe', '?check=detailed');
    expect(degraded.body.resources.gpu.status).toBe('warning');
    expect(degraded.body.recoveryActions.find((a: { action: string }) => a.action === 'scale_up').estimated_cost_increase).toMatch(/^\+\$/);

    const failed = await health('vit-classifier', '?check=detailed');
    expect(failed.body).toMatchObject({ status: 'error', readiness: 'not_ready', checks: { model: { status: 'failed' } } });
    expect(failed.body.issues[0]).toMatchObject({ type: 'model_load_failed', severity: 'critical' });

    const healthy = await health('llama3-70b-chat');
    expect(healthy.body.issues).toEqual([]);
  });

  it('answers HEALTH_CHECK_TIMEOUT with partial results when a deep check outlasts its timeout, and the report with a longer one', async () => {
    const r = await health('whisper-transcribe', '?check=deep&timeout=5');
    expect(errorOf(r)).toMatchObject({ status: 408, code: 'HEALTH_CHECK_TIMEOUT', details: { timeout: 5 } });
    expect(r.body.details.partialResults.completedChecks).toContain('api');
    expect(r.body.details.partialResults.pendingChecks).toContain('inference');
    expect(r.body.details.partialResults.elapsedMs).toBeLessThanOrEqual(5000);
    expect(r.body.details.recommendation).toMatch(/longer timeout/);
    const longer = await health('whisper-transcribe', '?check=deep&timeout=30');
    expect(longer.status).toBe(200);
    expect(longer.body.responseTime).toBeGreaterThan(5000);
    // A failed model never answers the inference test.
    expect((await health('vit-classifier', '?check=deep&timeout=30')).status).toBe(408);
  });

  it('refuses a depth, timeout or include it does not know', async () => {
    for (const q of ['?check=full', '?timeout=0', '?timeout=31', '?include=gpu'])
      expect(errorOf(await health('llama3-70b-chat', q)), q).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(errorOf(await t.call('GET', '/v2/endpoints/ep_missing/health'))).toMatchObject({ status: 404, code: 'ENDPOINT_NOT_FOUND' });
  });

  it('shows the startup phases of a starting endpoint move with the clock, then it is healthy and ready', async () => {
    const first = await health('mistral-7b-instruct');
    expect(first.body).toMatchObject({ status: 'starting', readiness: 'warming_up' });
    const p = first.body.startupProgress;
    expect(p.phases.map((x: { name: string }) => x.name)).toEqual([
      'container_startup',
      'dependency_loading',
      'loading_model',
      'warmup_inference',
    ]);
    expect(p.phases[0].status).toBe('completed');
    expect(p.phases[3].status).toBe('pending');
    expect((await t.call('GET', `/v2/endpoints/${ids['mistral-7b-instruct']}/ready`)).body).toMatchObject({
      ready: false,
      readinessGates: { model: false },
    });
    expect((await t.call('GET', `/v2/endpoints/${ids['mistral-7b-instruct']}/live`)).body.alive).toBe(true);

    await t.advance(60);
    const later = (await health('mistral-7b-instruct')).body.startupProgress;
    expect(later.progress).toBeGreaterThan(p.progress);

    await t.advance(Math.ceil((Date.parse(p.estimatedCompletion) - Date.parse(first.body.lastChecked)) / 1000));
    const done = await health('mistral-7b-instruct');
    expect(done.body).toMatchObject({ status: 'healthy', readiness: 'ready' });
    expect(done.body.startupProgress).toBeUndefined();
    const ready = await t.call('GET', `/v2/endpoints/${ids['mistral-7b-instruct']}/ready`);
    expect(ready.body).toMatchObject({
      ready: true,
      readinessGates: { model: true, resources: true, dependencies: true, networking: true },
    });
    expect(ready.body.checks.every((c: { status: string }) => c.status === 'pass')).toBe(true);
  });

  it('says a stopped endpoint is neither ready nor alive', async () => {
    const id = ids['starcoder-nightly'];
    expect((await t.call('GET', `/v2/endpoints/${id}/ready`)).body.ready).toBe(false);
    expect((await t.call('GET', `/v2/endpoints/${id}/live`)).body).toMatchObject({ alive: false, uptime: '0h 0m 0s' });
    const live = (await t.call('GET', `/v2/endpoints/${ids['llama3-70b-chat']}/live`)).body;
    expect(live.alive).toBe(true);
    expect(live.version).toMatch(/^v\d+\.\d+\.\d+$/);
  });

  it('checks several endpoints at once, timed-out ones listed apart, and refuses an unknown id', async () => {
    const all = Object.values(ids);
    const r = await t.call('POST', '/v2/endpoints/health/batch', { body: { endpointIds: all, check: 'deep', include: ['resources'] } });
    expect(r.status).toBe(200);
    expect(r.body.summary.total).toBe(all.length);
    expect(r.body.reports.length + r.body.errors.length).toBe(all.length);
    expect(r.body.errors.map((e: { endpointId: string }) => e.endpointId)).toContain(ids['vit-classifier']);
    expect(r.body.errors[0].error).toBe('HEALTH_CHECK_TIMEOUT');
    expect(r.body.summary.timedOut).toBe(r.body.errors.length);
    const basic = await t.call('POST', '/v2/endpoints/health/batch', { body: { endpointIds: [ids['llama3-70b-chat']] } });
    expect(basic.body.reports[0].check).toBe('basic');
    const unknown = await t.call('POST', '/v2/endpoints/health/batch', { body: { endpointIds: [ids['llama3-70b-chat'], 'ep_nope'] } });
    expect(errorOf(unknown)).toMatchObject({ status: 404, code: 'ENDPOINT_NOT_FOUND', details: { endpointId: 'ep_nope' } });
    expect(errorOf(await t.call('POST', '/v2/endpoints/health/batch', { body: { endpointIds: [] } }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
  });
});
