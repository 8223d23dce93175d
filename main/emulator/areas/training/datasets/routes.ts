// The dataset routes under /v2/training/datasets (03-endpoints-training.md, Datasets): create
// (answers the upload address and token), list, get, patch, delete.
import { pageOf, sortByKey } from '../list-page';
import { DATASET_LIMITS } from '../../../../../shared/api/training/datasets';
import { trainingOperations as ops } from '../../../../../shared/api/training/operations';
import { hashKey, randomBase62, randomId } from '../../../core/ids';
import { defineRoute } from '../../../core/route-def';
import { keepRemovedStorage } from '../removed-storage';
import { trainingRecord } from '../records';
import { AREA, trainingState, type StoredDataset } from '../state';
import { blobsOf } from './blobs';
import { datasetInUse, datasetNotFound, quotaExceeded } from './errors';
import { trainingJobsUsing } from './in-use';
import { quotaOf } from './quota';
import { datasetListItem, datasetStatus, datasetView } from './view';
import { UPLOAD_PREFIX } from './upload-paths';

const iso = (ms: number) => new Date(ms).toISOString();

function datasetOr404(datasets: readonly StoredDataset[], id: string): StoredDataset {
  const d = datasets.find((x) => x.id === id);
  if (!d) throw datasetNotFound(id);
  return d;
}

/** The origin the caller reached the emulator by (over HTTP or in-process): the upload host is on it. */
function originOf(headers: Readonly<Record<string, string | string[] | undefined>>): string {
  const host = headers.host;
  return `http://${typeof host === 'string' && /^[A-Za-z0-9.\-:[\]]+$/.test(host) ? host : '127.0.0.1'}`;
}

const SORT_KEY = {
  created_at: (d: StoredDataset) => d.created_at,
  updated_at: (d: StoredDataset) => d.updated_at,
  name: (d: StoredDataset) => d.name.toLowerCase(),
  size: (d: StoredDataset) => d.versions.at(-1)?.size ?? 0,
} as const;

export const datasetRoutes = [
  defineRoute(
    ops['training.datasets.create'],
    (ctx, { body, now, headers, key }) => {
      const quota = quotaOf(ctx);
      if (quota.room === 0) throw quotaExceeded(quota.used, quota.limit, 0, quota.plan);
      const id = randomId('ds_', 16);
      const token = `dsup_${randomBase62(40)}`;
      const expires = now + DATASET_LIMITS.uploadTokenSeconds * 1000;
      const d: StoredDataset = {
        id,
        name: body.name,
        type: body.type,
        format: body.format,
        description: body.description ?? null,
        tags: body.tags ?? [],
        metadata: body.metadata ?? {},
        validation: body.validation ?? {},
        preprocessing: body.preprocessing ?? {},
        created_at: now,
        updated_at: now,
        upload: { token_hash: hashKey(token), expires_at: expires, multipart: null },
        analysis: null,
        analysis_attempts: 0,
        ready_at: null,
        versions: [],
        created_by: key.createdBy,
      };
      trainingState(ctx.store).datasets.push(d);
      ctx.store.touch(AREA, trainingRecord.dataset(id));
      return {
        id,
        name: d.name,
        type: d.type,
        format: d.format,
        status: 'uploading' as const,
        uploadUrl: `${originOf(headers)}${UPLOAD_PREFIX}/datasets/${id}`,
        uploadToken: token,
        uploadExpiresAt: iso(expires),
        validation: d.validation,
        size: { bytes: 0, examples: 0 },
        createdAt: iso(now),
        updatedAt: iso(now),
      };
    },
    201,
  ),
  defineRoute(ops['training.datasets.list'], (ctx, { query, now }) => {
    const key = SORT_KEY[query.sort];
    const matching = sortByKey(
      trainingState(ctx.store).datasets.filter(
        (d) =>
          (query.type === undefined || d.type === query.type) && (query.status === undefined || datasetStatus(d, now) === query.status),
      ),
      key,
      query.order,
    );
    const { page, pagination } = pageOf(matching, query);
    return { datasets: page.map((d) => datasetListItem(d, now)), pagination };
  }),
  defineRoute(ops['training.datasets.get'], (ctx, { params, now }) =>
    datasetView(datasetOr404(trainingState(ctx.store).datasets, params.dataset_id), now),
  ),
  defineRoute(ops['training.datasets.update'], (ctx, { params, body, now }) => {
    const d = datasetOr404(trainingState(ctx.store).datasets, params.dataset_id);
    if (body.name !== undefined) d.name = body.name;
    if (body.description !== undefined) d.description = body.description;
    if (body.tags !== undefined) d.tags = body.tags;
    if (body.metadata !== undefined) d.metadata = body.metadata;
    d.updated_at = now;
    ctx.store.touch(AREA, trainingRecord.dataset(d.id));
    return datasetView(d, now);
  }),
  defineRoute(ops['training.datasets.delete'], async (ctx, { params, now }) => {
    const state = trainingState(ctx.store);
    const d = datasetOr404(state.datasets, params.dataset_id);
    const jobs = trainingJobsUsing(state, d.id, now);
    if (jobs.length > 0) throw datasetInUse(d.id, jobs);
    const freed = d.versions.reduce((n, v) => n + v.size, 0);
    state.datasets.splice(state.datasets.indexOf(d), 1);
    ctx.store.touch(AREA, trainingRecord.dataset(d.id));
    keepRemovedStorage(state, ctx.store, {
      type: 'dataset',
      id: d.id,
      name: d.name,
      created_by: d.created_by ?? null,
      removed_at: now,
      versions: d.versions.map((v) => ({ created_at: v.created_at, bytes: v.size })),
    });
    await blobsOf(ctx).remove(d.id);
    return { id: d.id, deleted: true as const, freedBytes: freed };
  }),
];
