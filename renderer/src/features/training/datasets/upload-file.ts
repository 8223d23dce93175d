// Sends a file to a new dataset through the bridge (shared/ipc/dataset-uploads.ts): the file
// is read a chunk at a time with Blob.slice(), never whole, and each chunk is answered before
// the next is read. Progress counts what main took (`sent`) and what the upload host
// acknowledged (`acknowledged`: whole parts, or the whole file of a single PUT). Aborting the
// signal cancels the upload in main, which aborts the multipart upload and deletes the dataset.
import { cancelledError } from '../../../../../shared/api/local-errors';
import type { Bridge } from '../../../../../shared/ipc/contract';
import {
  chunkRanges,
  type DatasetUploadBegin,
  type DatasetUploadBeginRequest,
  type DatasetUploadProgress,
} from '../../../../../shared/ipc/dataset-uploads';
import { BridgeCallError, bridgeError } from '../../../bridge/errors';

export interface UploadProgress {
  size: number;
  sent: number;
  acknowledged: number;
  mode: DatasetUploadBegin['mode'];
  partSize: number | null;
  partCount: number;
}

export interface UploadedDataset {
  datasetId: string;
  result: NonNullable<DatasetUploadProgress['result']>;
}

type UploadBridge = Pick<Bridge, 'invoke'>;

export async function uploadDatasetFile(
  bridge: UploadBridge,
  dataset: DatasetUploadBeginRequest['dataset'],
  file: Blob & { name: string },
  onProgress: (p: UploadProgress) => void,
  signal: AbortSignal,
): Promise<UploadedDataset> {
  const cancelled = () => new BridgeCallError(cancelledError());
  if (signal.aborted) throw cancelled();
  const begin = await bridge.invoke('datasets:beginUpload', {
    dataset,
    file: { name: file.name.slice(0, 255) || 'dataset', size: file.size },
  });
  const base = { size: begin.size, mode: begin.mode, partSize: begin.partSize, partCount: begin.partCount };
  onProgress({ ...base, sent: 0, acknowledged: 0 });
  const cancel = () => bridge.invoke('datasets:cancelUpload', { uploadId: begin.uploadId }).catch(() => undefined);
  try {
    for (const [start, end] of chunkRanges(file.size, begin.chunkBytes)) {
      if (signal.aborted) throw cancelled();
      const data = new Uint8Array(await file.slice(start, end).arrayBuffer());
      if (signal.aborted) throw cancelled();
      const answer = await bridge.invoke('datasets:uploadChunk', { uploadId: begin.uploadId, offset: start, data });
      onProgress({ ...base, sent: answer.received, acknowledged: answer.acknowledged });
      if (answer.result) return { datasetId: begin.dataset.id, result: answer.result };
    }
  } catch (error) {
    // Main gives a failed upload up itself; a cancel here covers the user's abort between chunks.
    if (signal.aborted) await cancel();
    throw error;
  }
  // Every byte went and no result came: the file changed size while it was read.
  await cancel();
  throw bridgeError('INVALID_REQUEST', 'The file changed while it was being uploaded; choose it again.');
}
