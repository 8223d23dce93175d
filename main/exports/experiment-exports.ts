// `experiments:export`: the API writes an experiment's runs as CSV to the object store and
// answers a download address with a token; main reads the file back at once and hands the
// renderer the CSV and the export's record without the token (docs/decisions.md, Experiments
// view: export). For the emulator the download host is reached in-process; for a remote
// profile only over https or on the profile's own origin.
import { normalizeErrorBody } from '../../shared/api/errors';
import { ExportExperimentResponse } from '../../shared/api/training/experiments';
import { EXPORT_CSV_MAX_BYTES, type ExperimentExportResponse } from '../../shared/ipc/experiment-exports';
import { BridgeError, invalidRequest } from '../../shared/ipc/dispatch';
import { networkFailure } from '../gateway/call-failures';
import type { Gateway } from '../gateway/index';
import type { ResolvedProfile } from '../profiles/profile-store';

type FetchLike = (request: Request) => Promise<Response>;

export interface ExperimentExportsOptions {
  gateway: Gateway;
  activeProfile(): ResolvedProfile;
  emulatorFetch: FetchLike;
  remoteFetch?: FetchLike;
}

/** The emulator's in-process origin (the gateway's), which its download addresses carry. */
const EMULATOR_ORIGIN = 'http://emulator.local';

function downloadAllowed(profile: ResolvedProfile, url: URL): boolean {
  if (profile.kind === 'emulator') return url.origin === EMULATOR_ORIGIN;
  if (url.protocol === 'https:') return true;
  try {
    return profile.baseUrl !== null && url.origin === new URL(profile.baseUrl).origin;
  } catch {
    return false;
  }
}

async function readBounded(response: Response): Promise<string> {
  const length = Number(response.headers.get('content-length') ?? '0');
  if (length > EXPORT_CSV_MAX_BYTES) throw invalidRequest('The export is too large to open here', { size: length });
  const reader = response.body?.getReader();
  if (!reader) return '';
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
  const remoteFetch: FetchLike = options.remoteFetch ?? ((request) => fetch(request));
  return async function exportExperiment(request: {
    experimentId: string;
    body: Record<string, unknown>;
  }): Promise<ExperimentExportResponse> {
    const answer = await options.gateway.call('training.experiments.export', {
      params: { experiment_id: request.experimentId },
      body: request.body,
    });
    const written = ExportExperimentResponse.parse(answer.data);
    const profile = options.activeProfile();
    let url: URL;
    try {
      url = new URL(written.downloadUrl);
    } catch {
      throw invalidRequest('The export’s download address is not a valid URL');
    }
    if (!downloadAllowed(profile, url)) throw invalidRequest('The export’s download address is not on the active profile’s server');
    const get = new Request(url, { headers: { authorization: `Bearer ${written.downloadToken}`, accept: 'text/csv' } });
    let response: Response;
    try {
      response = await (profile.kind === 'emulator' ? options.emulatorFetch : remoteFetch)(get);
    } catch (error) {
      throw new BridgeError(networkFailure(profile.kind === 'emulator' ? 'the local emulator' : `the server at ${url.origin}`, error));
    }
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => null);
      throw new BridgeError(normalizeErrorBody(response.status, body, response.headers.get('retry-after')));
    }
    const csv = await readBounded(response);
    const { downloadUrl: _url, downloadToken: _token, ...record } = written;
    return { export: record, csv };
  };
}
