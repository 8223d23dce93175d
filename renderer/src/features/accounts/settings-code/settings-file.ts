// Settings files: the name an export is saved under, its text (JSON, or the same document as
// YAML), and a picked file read back — JSON or YAML, bounded in size, its failures said in words —
// into the body of an import.
import { parse } from 'yaml';
import { settingsYaml, type ExportSettingsResponse, type ImportSettingsRequest } from '../../../../../shared/api/accounts/settings-io';

/**
 * The largest file the console reads: the emulator's body limit (1 MiB), far above any settings file (a few KB).
 * @internal Exported for its tests only.
 */
export const SETTINGS_FILE_MAX_BYTES = 1_048_576;

export type ExportFormat = 'json' | 'yaml';

const pad = (n: number) => String(n).padStart(2, '0');

/** `settings-2026-11-27-1430.yaml`: the export's own time (the server's clock), local date and time. */
export function settingsFileName(timestamp: string, format: ExportFormat): string {
  const at = new Date(timestamp);
  return `settings-${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}.${format}`;
}

/** The file's text: the export document as JSON (indented, one key a line), or as YAML. */
export function settingsFileText(document: ExportSettingsResponse, format: ExportFormat): string {
  const doc = { export: { ...document.export, format } };
  return format === 'yaml' ? settingsYaml(doc) : `${JSON.stringify(doc, null, 2)}\n`;
}

export type ReadSettingsFile = { ok: true; body: ImportSettingsRequest } | { ok: false; error: string };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const kilobytes = (bytes: number) => `${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB`;

/**
 * A picked file as an import body: an export document (`{export: …}`), an object of sections, or
 * an import body itself (`{settings: …}`). JSON when its name or text says so, else YAML (which
 * also reads JSON). What the sections hold is the server's to judge: its plan names each field.
 */
export function readSettingsFile(name: string, text: string, bytes: number = new TextEncoder().encode(text).length): ReadSettingsFile {
  if (bytes > SETTINGS_FILE_MAX_BYTES) {
    return { ok: false, error: `The file is ${kilobytes(bytes)}; settings files are at most ${kilobytes(SETTINGS_FILE_MAX_BYTES)}.` };
  }
  if (text.trim() === '') return { ok: false, error: 'The file is empty.' };
  const json = /\.json$/i.test(name);
  let value: unknown;
  try {
    value = json ? JSON.parse(text) : parse(text, { maxAliasCount: 50, uniqueKeys: true, prettyErrors: false });
  } catch (e) {
    const first = (e as Error).message.split('\n')[0]!.slice(0, 160);
    return { ok: false, error: `The file is not valid ${json ? 'JSON' : 'YAML'}: ${first}` };
  }
  if (!isObject(value)) {
    return { ok: false, error: 'The file holds no settings: expected an export of “Settings as code”, or an object of sections.' };
  }
  if (isObject(value.settings) && value.export === undefined) {
    const { validate_only: _v, allow_lockout: _a, ...rest } = value;
    return { ok: true, body: rest as ImportSettingsRequest };
  }
  return { ok: true, body: { settings: value } as ImportSettingsRequest };
}
