// POST /v2/training/models/{id}/deploy (03-endpoints-training.md, Models; States and
// transitions; docs/decisions.md, Training: models): the latest version is deployed on GPUs of
// the training pool — `deploying`, then `active` 3–5 simulated minutes later (drawn per
// deployment from the world seed), holding its workers' GPUs until the model is archived. A
// deployment is served by a serverless endpoint of the endpoint area (03, What the service does
// 1), created through the Serving it provides: the deployment's id is that endpoint's id, so
// `GET /v2/endpoints` lists it with its health, readiness and logs.
import { TRAINING_GPUS, type TrainingGpuType } from '../../../../../shared/api/training/catalog';
import { MODEL_LIMITS } from '../../../../../shared/api/training/models-actions';
import { trainingOperations as ops } from '../../../../../shared/api/training/operations';
import { Rng } from '../../../core/rng';
import { computeHoursRefusal } from '../../../core/compute-hours';
import { defineRoute } from '../../../core/route-def';
import { freeGpus } from '../jobs/pool';
import { trainingRecord } from '../records';
import { AREA, trainingState, type StoredDeployment } from '../state';
import { deploymentFailed, modelTooLarge } from './errors';
import { deploymentStatus, latestVersion } from './lifecycle';
import { assertNotArchived, modelOr404 } from './lookup';
import { deploymentUrl } from './view';

const iso = (ms: number) => new Date(ms).toISOString();
const GIB = 2 ** 30;

/** The endpoint GPU type of each training GPU (the names the endpoint area and the cluster prices use). */
const ENDPOINT_GPU: Readonly<Record<TrainingGpuType, string>> = { a100: 'A100_80GB', h100: 'H100', v100: 'V100_32GB', rtx4090: 'RTX_4090' };

/** Simulated ms from deploy to active: 180–300 s, from the world seed and what is deployed when. */
function readyDelayMs(worldSeed: number, key: string): number {
  const { min, max } = MODEL_LIMITS.deploySeconds;
  return Rng.derive(worldSeed, `deploy:${key}`).int(min, max) * 1000;
}

export const deployRoute = defineRoute(
  ops['training.models.deploy'],
  (ctx, { params, body, now, key }) => {
    const state = trainingState(ctx.store);
    const m = modelOr404(state, ctx.store, params.model_id, now);
    assertNotArchived(m);
    const v = latestVersion(m);
    if (v.size.bytes > MODEL_LIMITS.maxDeployableBytes) throw modelTooLarge(v.size.bytes, v.size.trainable_parameters, v.size.parameters);
    // The deployer's role may limit how many endpoints they have (issue 19): the endpoints they created that exist.
    const owned = ctx.createdResources().filter((r) => r.type === 'endpoint' && r.createdBy === key.createdBy).length;
    const limited = ctx.authority.limitation(key, 'maxEndpoints', owned) ?? computeHoursRefusal(ctx, key, now);
    if (limited) throw limited;
    const free = freeGpus(state, now);
    const gpu = TRAINING_GPUS[body.gpuType];
    if (free[body.gpuType] < body.workers)
      throw deploymentFailed(
        state.gpu_pool[body.gpuType] === 0
          ? `no ${gpu.displayName} GPUs in the pool`
          : `${body.workers} ${gpu.displayName} GPU(s) requested, ${free[body.gpuType]} free`,
        body.gpuType,
        body.workers,
        free,
      );
    const scaling = body.scaling ?? { minWorkers: body.workers, maxWorkers: body.workers, targetUtilization: 0.7 };
    const c = body.configuration;
    const name = body.name ?? `${m.name}-${body.environment}`.slice(0, 100);
    // The ready time is drawn before the endpoint exists: from the model and the moment (the deployment's id is the endpoint's).
    const readyAt = now + readyDelayMs(ctx.seed(), `${m.id}@${now}`);
    const id = ctx.serving().createEndpoint(
      {
        name,
        modelId: m.id,
        modelName: m.name,
        version: v.version,
        gpuType: ENDPOINT_GPU[body.gpuType],
        gpuMemoryGb: gpu.memoryGb,
        modelMemoryGb: Math.round((v.size.bytes / GIB) * 10) / 10,
        workers: body.workers,
        autoScaling: scaling,
        createdBy: key.createdBy,
        // What the model serves with, as the endpoint's variables (its configuration has no other place for them).
        environmentVariables: {
          MODEL_ID: m.id,
          MODEL_VERSION: v.version,
          DEPLOY_ENVIRONMENT: body.environment,
          MAX_TOKENS: String(c.max_tokens),
          TEMPERATURE: String(c.temperature),
          TOP_P: String(c.top_p),
          REPETITION_PENALTY: String(c.repetition_penalty),
        },
        readyAt,
      },
      now,
    );
    const d: StoredDeployment = {
      id,
      name,
      environment: body.environment,
      version: v.version,
      gpu_type: body.gpuType,
      workers: body.workers,
      scaling: { min_workers: scaling.minWorkers, max_workers: scaling.maxWorkers, target_utilization: scaling.targetUtilization },
      configuration: { max_tokens: c.max_tokens, temperature: c.temperature, top_p: c.top_p, repetition_penalty: c.repetition_penalty },
      created_at: now,
      ready_at: readyAt,
      stopped_at: null,
    };
    m.deployments.push(d);
    m.updated_at = now;
    ctx.store.touch(AREA, trainingRecord.model(m.id));
    return {
      deployment: {
        id,
        modelId: m.id,
        version: d.version,
        name: d.name,
        status: deploymentStatus(d, now),
        environment: d.environment,
        url: deploymentUrl(d),
        configuration: {
          gpuType: d.gpu_type,
          workers: d.workers,
          maxTokens: c.max_tokens,
          temperature: c.temperature,
          topP: c.top_p,
          repetitionPenalty: c.repetition_penalty,
        },
        scaling,
        estimatedReadyTime: iso(d.ready_at),
        createdAt: iso(now),
      },
    };
  },
  201,
);
