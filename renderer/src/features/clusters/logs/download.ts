// The lines a log window shows, as a file: plain text (one line each, stack traces indented
// below) or JSON lines (the entries as the API sent them, with their source).
import type { LogSourceRef } from '../../../../../shared/ipc/streams';
import { serverNow } from '../../../platform/server-clock';
import { lineText, stackTrace, type LogLine } from './log-line';

export function linesAsText(lines: Iterable<LogLine>, labels: readonly string[]): string {
  const out: string[] = [];
  for (const line of lines) {
    out.push(lineText(line, labels[line.src] ?? ''));
    for (const frame of stackTrace(line)) out.push(`    ${frame}`);
  }
  return out.length > 0 ? `${out.join('\n')}\n` : '';
}

export function linesAsJsonl(lines: Iterable<LogLine>, refs: readonly LogSourceRef[]): string {
  const out: string[] = [];
  for (const line of lines) {
    const ref = refs[line.src];
    out.push(JSON.stringify({ source: ref ? `${ref.kind}:${ref.id}` : null, id: line.id, entry: line.entry }));
  }
  return out.length > 0 ? `${out.join('\n')}\n` : '';
}

/**
 * `logs-cl_abc-2026-01-01T12-00-00.log`: the sources and the time, safe in every file system. The
 * time is the data's, the server's (an emulator's simulated now), as the lines' own times are.
 */
export function downloadName(refs: readonly LogSourceRef[], ext: string, now: number = serverNow()): string {
  const who = refs.length === 1 ? refs[0]!.id : `${refs.length}-sources`;
  return `logs-${who}-${new Date(now).toISOString().slice(0, 19).replace(/:/g, '-')}.${ext}`;
}
