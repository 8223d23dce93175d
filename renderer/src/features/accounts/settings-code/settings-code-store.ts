// Settings as code: the one place this feature calls the API. An export reads the document
// (always JSON from the bridge: the YAML file is the same document, written by settings-file.ts);
// an import is planned first (validate_only), then applied — the applied plan is what the
// server answers, shown as it was previewed.
import { create } from 'zustand';
import type { SettingsSection } from '../../../../../shared/api/accounts/settings';
import type { ExportSettingsResponse, ImportSettingsRequest, ImportSettingsResponse } from '../../../../../shared/api/accounts/settings-io';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { api } from '../../../bridge/api';
import { toNormalizedError } from '../../../bridge/errors';

type ImportAnswer = ImportSettingsResponse['import'];

interface PendingImport {
  fileName: string;
  body: ImportSettingsRequest;
  /** The plan validate_only answered. */
  preview: ImportAnswer;
}

interface SettingsCodeState {
  exporting: boolean;
  planning: boolean;
  pending: PendingImport | null;
  /** What the apply answered (the plan it applied). */
  applied: ImportAnswer | null;
  /** Reading or planning the file failed. */
  planError: NormalizedError | null;
  exportSettings(options: { sections: readonly SettingsSection[]; includeSecrets: boolean }): Promise<ExportSettingsResponse>;
  plan(fileName: string, body: ImportSettingsRequest): Promise<void>;
  /** Applies the pending import; throws the server's refusal (SELF_LOCKOUT among them) for the page to handle. */
  apply(allowLockout: boolean): Promise<void>;
  clear(): void;
}

const ALL_SECTIONS = 5;

export const useSettingsCode = create<SettingsCodeState>()((set, get) => ({
  exporting: false,
  planning: false,
  pending: null,
  applied: null,
  planError: null,

  async exportSettings({ sections, includeSecrets }) {
    set({ exporting: true });
    try {
      const query = {
        format: 'json' as const,
        include_secrets: includeSecrets ? ('true' as const) : ('false' as const),
        ...(sections.length < ALL_SECTIONS ? { sections: sections.join(',') } : {}),
      };
      return (await api('settings.export', { query })).data;
    } finally {
      set({ exporting: false });
    }
  },

  async plan(fileName, body) {
    set({ planning: true, planError: null, pending: null, applied: null });
    try {
      const { data } = await api('settings.import', { body: { ...body, validate_only: true, allow_lockout: false } });
      set({ pending: { fileName, body, preview: data.import } });
    } catch (e) {
      set({ planError: toNormalizedError(e) });
    } finally {
      set({ planning: false });
    }
  },

  async apply(allowLockout) {
    const pending = get().pending;
    if (!pending) return;
    const { data } = await api('settings.import', { body: { ...pending.body, validate_only: false, allow_lockout: allowLockout } });
    set({ applied: data.import });
  },

  clear() {
    set({ pending: null, applied: null, planError: null });
  },
}));
