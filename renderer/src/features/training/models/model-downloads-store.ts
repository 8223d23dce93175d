// Model downloads as the Files tab shows them (docs/decisions.md, Models view: download to a
// file), one per model, kept while the console runs so leaving the tab and coming back shows the
// same download. Main does the work (shared/ipc/model-downloads.ts): `download` asks it to start
// (Electron: it asks where to save), follows the `models:download` topic, and in web mode hands
// the one-time address to the browser, whose own download manager saves the bytes.
import { create } from 'zustand';
import type { NormalizedError } from '../../../../../shared/api/errors';
import type { ModelDownloadEvent, ModelDownloadStart } from '../../../../../shared/ipc/model-downloads';
import { getBridge } from '../../../bridge';
import { toNormalizedError } from '../../../bridge/errors';
import { nextSpeed, type SpeedSample } from './download-progress';

type StartedDownload = Extract<ModelDownloadStart, { started: true }>;

export interface ModelDownloadView {
  start: StartedDownload;
  event: ModelDownloadEvent;
  speed: SpeedSample | null;
}

interface ModelDownloadsState {
  byModel: Record<string, ModelDownloadView>;
  /** A start under way (the save dialog is open, or the API is asked). */
  starting: Record<string, boolean>;
  /** Why the last start failed (before any byte). */
  startErrors: Record<string, NormalizedError | null>;
  download(modelId: string, files: string[]): Promise<void>;
  cancel(modelId: string): Promise<void>;
  showInFolder(modelId: string): Promise<boolean>;
  dismiss(modelId: string): void;
}

const stops = new Map<string, () => void>();

/** Hands a same-origin address to the browser's download manager (web mode). */
function saveInBrowser(url: string, fileName: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
}

export const running = (v: ModelDownloadView | undefined) => v?.event.state === 'waiting' || v?.event.state === 'running';

export const useModelDownloads = create<ModelDownloadsState>()((set, get) => ({
  byModel: {},
  starting: {},
  startErrors: {},

  async download(modelId, files) {
    if (get().starting[modelId] || running(get().byModel[modelId])) return;
    set((s) => ({ starting: { ...s.starting, [modelId]: true }, startErrors: { ...s.startErrors, [modelId]: null } }));
    let start: ModelDownloadStart;
    try {
      start = await getBridge().invoke('models:download', { modelId, files });
    } catch (error) {
      set((s) => ({
        starting: { ...s.starting, [modelId]: false },
        startErrors: { ...s.startErrors, [modelId]: toNormalizedError(error) },
      }));
      return;
    }
    set((s) => ({ starting: { ...s.starting, [modelId]: false } }));
    if (!start.started) return;
    const initial: ModelDownloadEvent = {
      downloadId: start.downloadId,
      state: start.delivery === 'browser' ? 'waiting' : 'running',
      received: 0,
      total: start.size,
      path: null,
      verified: [],
      error: null,
    };
    set((s) => ({ byModel: { ...s.byModel, [modelId]: { start, event: initial, speed: null } } }));
    stops.get(modelId)?.();
    const stop = getBridge().subscribe('models:download', { downloadId: start.downloadId }, (event) => {
      const view = get().byModel[modelId];
      if (!view || view.start.downloadId !== event.downloadId) return;
      const speed = event.state === 'running' ? nextSpeed(view.speed, performance.now(), event.received) : view.speed;
      set((s) => ({ byModel: { ...s.byModel, [modelId]: { ...view, event, speed } } }));
      if (event.state !== 'waiting' && event.state !== 'running') {
        stops.get(modelId)?.();
        stops.delete(modelId);
      }
    });
    stops.set(modelId, stop);
    if (start.delivery === 'browser' && start.url) saveInBrowser(start.url, start.fileName);
  },

  async cancel(modelId) {
    const view = get().byModel[modelId];
    if (!view || !running(view)) return;
    await getBridge()
      .invoke('models:cancelDownload', { downloadId: view.start.downloadId })
      .catch(() => undefined);
  },

  async showInFolder(modelId) {
    const view = get().byModel[modelId];
    if (!view) return false;
    const { shown } = await getBridge().invoke('models:showDownload', { downloadId: view.start.downloadId });
    return shown;
  },

  dismiss(modelId) {
    if (running(get().byModel[modelId])) return;
    set((s) => {
      const byModel = { ...s.byModel };
      delete byModel[modelId];
      return { byModel };
    });
  },
}));
