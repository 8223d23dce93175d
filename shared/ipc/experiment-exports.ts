// The experiment export channel: main asks the API to write the runs' CSV to the object store
// (POST …/experiments/{id}/export), then reads the file back from the download host with the
// export's download token, so the renderer gets the CSV to save and the export's record but
// never the token (03-endpoints-training.md, Experiments; docs/decisions.md, Experiments view).
import { z } from 'zod';
import { ExperimentId, ExportExperimentRequest, ExportExperimentResponse } from '../api/training/experiments';

/** The largest CSV handed to the renderer (200 runs × a few hundred columns is far below). */
export const EXPORT_CSV_MAX_BYTES = 32 * 1024 * 1024;

const ExperimentExportRequest = z.strictObject({ experimentId: ExperimentId, body: ExportExperimentRequest });
export const ExperimentExportResponse = z.object({
  export: ExportExperimentResponse.omit({ downloadUrl: true, downloadToken: true }),
  /** The file as written to the object store. */
  csv: z.string(),
});
export type ExperimentExportResponse = z.infer<typeof ExperimentExportResponse>;

export const experimentExportChannels = {
  'experiments:export': { request: ExperimentExportRequest, response: ExperimentExportResponse },
} as const;
