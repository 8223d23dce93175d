// `experiments:export`: the API writes an experiment's runs as CSV to the object store and
// answers a download address with a token; main reads the file back at once, through the
// gateway's host path (its one host check: in-process for the emulator; for a remote profile
// only over https or on the profile's own origin), and hands the renderer the CSV and the
// export's record without the token (docs/decisions.md, Experiments view: export).
import { ExportExperimentResponse } from '../../shared/api/training/experiments';
import { EXPORT_CSV_MAX_BYTES, type ExperimentExportResponse } from '../../shared/ipc/experiment-exports';
import { invalidRequest } from '../../shared/ipc/dispatch';
import type { Gateway, HostResponse } from '../gateway/index';

export interface ExperimentExportsOptions {
  gateway: Pick<Gateway, 'call' | 'host'>;
}

async function readBounded(answer: HostResponse): Promise<string> {
  if ((answer.size ?? 0) > EXPORT_CSV_MAX_BYTES) {
    await answer.body.cancel().catch(() => {});
    throw invalidRequest('The export is too large to open here', { size: answer.size });
  }
  const reader = answer.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > EXPORT_CSV_MAX_BYTES) {
      await reader.cancel();
      throw invalidRequest('The export is too large to open here', { size });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function createExperimentExports(options: ExperimentExportsOptions) {
  return async function exportExperiment(request: {
    experimentId: string;
    body: Record<string, unknown>;
  }): Promise<ExperimentExportResponse> {
    const answer = await options.gateway.call('training.experiments.export', {
      params: { experiment_id: request.experimentId },
      body: request.body,
    });
    const written = ExportExperimentResponse.parse(answer.data);
    const file = await options.gateway.host({
      method: 'GET',
      url: written.downloadUrl,
      token: written.downloadToken,
      address: 'export’s download address',
      accept: 'text/csv',
    });
    const csv = await readBounded(file);
    const { downloadUrl: _url, downloadToken: _token, ...record } = written;
    return { export: record, csv };
  };
}
