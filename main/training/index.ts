// The training area's main-process half: its transfers — dataset uploads, model downloads,
// experiment exports, each reaching its host through the gateway's one host path
// (`gateway.host`) with a token that never leaves main — and the `training:job` stream. Its
// channels and topics are handed to services.ts, which exposes them on the bridge.
import type { ChannelHandlers, TopicSources } from '../../shared/ipc/dispatch';
import type { Gateway } from '../gateway/index';
import type { ProfileStore } from '../profiles/index';
import { createDatasetUploads, type DatasetUploads } from './dataset-uploads/dataset-uploads';
import { createExperimentExports } from './experiment-exports';
import { createTrainingJobLive, trainingJobReads, type TrainingJobLive } from './job-live';
import { createModelDownloads, type ModelDownloads } from './model-downloads/model-downloads';

export type { DatasetUploads } from './dataset-uploads/dataset-uploads';
export type { ModelDownloads } from './model-downloads/model-downloads';

/** Operations whose answers carry an upload or download token, and the channel that does the transfer in main instead. */
export const HOST_TOKEN_OPERATIONS: ReadonlyMap<string, string> = new Map([
  ['training.datasets.create', 'datasets:beginUpload'],
  ['training.models.download', 'models:download'],
  ['training.experiments.export', 'experiments:export'],
]);

type TrainingChannel =
  | 'datasets:beginUpload'
  | 'datasets:uploadChunk'
  | 'datasets:cancelUpload'
  | 'experiments:export'
  | 'models:download'
  | 'models:cancelDownload'
  | 'models:showDownload';

export interface TrainingOptions {
  gateway: Gateway;
  profiles: Pick<ProfileStore, 'active' | 'onChange'>;
  /** Where a model download goes: a file main writes (Electron), or the browser's own download (web mode). */
  delivery: 'file' | 'browser';
  /** Electron only: the native save dialog for a model download (null: closed). */
  chooseSavePath?: (defaultName: string) => Promise<string | null>;
  /** Electron only: shows a saved file in the file manager. */
  showItemInFolder?: (path: string) => void;
  /** Test seam: how often a followed job is read again. */
  jobIntervalMs?: number;
}

export interface Training {
  handlers: Pick<ChannelHandlers, TrainingChannel>;
  topics: Pick<TopicSources, 'training:job' | 'models:download'>;
  uploads: DatasetUploads;
  downloads: ModelDownloads;
  jobs: TrainingJobLive;
  close(): void;
}

export function createTraining(options: TrainingOptions): Training {
  const { gateway, profiles } = options;
  const uploads = createDatasetUploads(gateway);
  const downloads = createModelDownloads({ gateway, delivery: options.delivery, chooseSavePath: options.chooseSavePath });
  const exportExperiment = createExperimentExports({ gateway });
  const jobs = createTrainingJobLive({
    intervalMs: options.jobIntervalMs,
    ...trainingJobReads(gateway),
    pace: (follower, reads, preferredMs) => gateway.reserveReads('training', follower, reads, preferredMs),
    leave: (follower) => gateway.leaveReads(follower),
  });
  // A job followed on one profile is another server's on the next: every subscription starts over.
  let activeId = profiles.active().id;
  const stopWatching = profiles.onChange((state) => {
    if (state.activeId === activeId) return;
    activeId = state.activeId;
    jobs.profileChanged();
  });

  return {
    handlers: {
      'datasets:beginUpload': (request) => uploads.begin(request),
      'datasets:uploadChunk': (request) => uploads.chunk(request.uploadId, request.offset, request.data),
      'datasets:cancelUpload': (request) => uploads.cancel(request.uploadId),
      'experiments:export': (request) => exportExperiment(request),
      'models:download': (request) => downloads.start(request),
      'models:cancelDownload': (request) => downloads.cancel(request.downloadId),
      'models:showDownload': async (request) => {
        const path = downloads.savedPath(request.downloadId);
        if (options.delivery !== 'file' || !path || !options.showItemInFolder) return { shown: false };
        options.showItemInFolder(path);
        return { shown: true };
      },
    },
    topics: {
      'training:job': (params, emit) => jobs.subscribe(params, emit),
      'models:download': (params, emit) => downloads.follow(params.downloadId, emit),
    },
    uploads,
    downloads,
    jobs,
    close() {
      stopWatching();
      jobs.close();
      uploads.close();
      downloads.close();
    },
  };
}
