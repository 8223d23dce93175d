// The sources of a log window as its address lists them, and the filters each one's feed
// asks the server for.
import { LogSource as ClusterLogSource, LogType } from '../../../../../shared/api/clusters/logs';
import { LogSource as EndpointLogSource } from '../../../../../shared/api/endpoints/logs';
import { LogSourceRef, type LogTailFilters } from '../../../../../shared/ipc/streams';
import { LEVELS } from './log-line';
import type { FilterChoice } from './LogWindow';

/** At most this many sources in one window (one upstream each). */
export const MAX_SOURCES = 8;
/** Entries before now each source starts with. */
export const BACKLOG = 500;

export const refKey = (r: LogSourceRef) => `${r.kind}:${r.id}`;

export function parseSources(value: string | null): LogSourceRef[] {
  const out: LogSourceRef[] = [];
  for (const part of (value ?? '').split(',')) {
    const at = part.indexOf(':');
    const parsed = LogSourceRef.safeParse({ kind: part.slice(0, at), id: part.slice(at + 1) });
    if (parsed.success && !out.some((r) => refKey(r) === refKey(parsed.data))) out.push(parsed.data);
  }
  return out.slice(0, MAX_SOURCES);
}

/** The server-side part of the window's filters, for one source (the rest is filtered in the window). */
export function serverFilters(ref: LogSourceRef, choice: FilterChoice): LogTailFilters {
  const pick = <T extends string>(all: readonly T[], chosen: string[] | null) => {
    const kept = chosen ? all.filter((v) => chosen.includes(v)) : [];
    return kept.length > 0 ? kept : undefined;
  };
  if (ref.kind === 'cluster')
    return {
      kind: 'cluster',
      level: pick(LEVELS, choice.levels),
      log_type: pick(LogType.options, choice.types),
      source: pick(ClusterLogSource.options, choice.origins),
    };
  // The endpoint route filters by a least severe level: the least severe of those chosen.
  const least = choice.levels ? LEVELS.find((l) => choice.levels!.includes(l)) : undefined;
  return { kind: 'endpoint', level: least, source: pick(EndpointLogSource.options, choice.origins) };
}
