// A stored model as the API shows it (03-endpoints-training.md, Model; docs/decisions.md,
// Training: models), computed at `now`: its status, deployments and versions.
import type { Model, ModelVersion } from '../../../../../shared/api/training/models';
import type { StoredDeployment, StoredModel, StoredModelVersion } from '../state';
import { deploymentStatus, modelStatus, versionsOf } from './lifecycle';

const iso = (ms: number) => new Date(ms).toISOString();

/** The document's runsync form (03, What the service does 1), without the base URL, like an endpoint's. */
export const deploymentUrl = (d: StoredDeployment) => `/v2/${d.id}/runsync`;

export function versionView(v: StoredModelVersion): ModelVersion {
  return {
    version: v.version,
    trainingJobId: v.training_job_id,
    datasetId: v.dataset_id,
    description: v.description,
    changelog: v.changelog,
    baseModel: v.base_model,
    training: v.training as ModelVersion['training'],
    size: v.size,
    metrics: v.metrics,
    files: v.files.map(({ name, size, type, checksum }) => ({ name, size, type, checksum })),
    derivedFrom: v.derived_from,
    createdAt: iso(v.created_at),
  };
}

function deploymentSummary(d: StoredDeployment, now: number): Model['deployments'][number] {
  return {
    id: d.id,
    name: d.name,
    status: deploymentStatus(d, now),
    url: deploymentUrl(d),
    workers: d.workers,
    environment: d.environment,
    gpuType: d.gpu_type,
    readyAt: iso(d.ready_at),
    stoppedAt: d.stopped_at === null ? null : iso(d.stopped_at),
    createdAt: iso(d.created_at),
  };
}

export function modelView(m: StoredModel, now: number): Model {
  return {
    id: m.id,
    name: m.name,
    type: m.type,
    status: modelStatus(m, now),
    description: m.description,
    baseModel: m.base_model,
    version: m.version,
    trainingJobId: m.training_job_id,
    datasetId: m.dataset_id,
    architecture: m.architecture,
    training: m.training as Model['training'],
    size: m.size,
    metrics: m.metrics,
    deployments: m.deployments.map((d) => deploymentSummary(d, now)),
    files: m.files,
    tags: m.tags,
    metadata: m.metadata,
    versions: versionsOf(m).map(versionView),
    archive:
      m.archive === null
        ? null
        : {
            archivedAt: iso(m.archive.at),
            reason: m.archive.reason,
            retentionPeriod: `${m.archive.retention_days}d`,
            deleteAt: iso(m.archive.delete_at),
          },
    createdAt: iso(m.created_at),
    updatedAt: iso(m.updated_at),
  };
}

const num = (v: unknown) => (typeof v === 'number' ? v : null);

export function modelListItem(m: StoredModel, now: number) {
  const { metrics, deployments, files, architecture, versions, ...rest } = modelView(m, now);
  void files;
  void architecture;
  const active = deployments.filter((d) => d.status === 'active');
  return {
    ...rest,
    metrics: {
      finalLoss: num(metrics.training.finalLoss),
      accuracy: num(metrics.validation.accuracy),
      perplexity: num(metrics.validation.perplexity),
    },
    deployments: { active: active.length, endpoints: active.map((d) => d.url) },
    versionCount: versions.length,
  };
}
