// One line of a log window, from either kind of entry (a cluster's LogEntry, an endpoint's
// EndpointLogEntry), with what the window filters and searches on computed once when it
// arrives: the time as a number, and a lower-case text of the line for the filter.
import type { LogEntry } from '../../../../../shared/api/clusters/logs';
import type { EndpointLogEntry } from '../../../../../shared/api/endpoints/logs';
import type { LogSourceRef } from '../../../../../shared/ipc/streams';

export const LEVELS = ['debug', 'info', 'warn', 'error', 'fatal'] as const;
export type Level = (typeof LEVELS)[number];

export interface LogLine {
  /** Index of the source in the window's source list (its colour). */
  src: number;
  /** The event id of the stream (resume point of the source). */
  id: string;
  /** Epoch ms. */
  ts: number;
  level: Level;
  /** The entry's `source` field (container, host, api_handler, …). */
  origin: string;
  /** Cluster entries' `log_type`; null for endpoints. */
  type: string | null;
  message: string;
  /** `level origin gpu message` in lower case, what the filter tests (computed once per line). */
  lower: string;
  /** The GPU the line is about (cluster `metadata.gpu_id`), for the metrics link. */
  gpu: string | null;
  /** The entry as the API sent it (the expanded row shows it). */
  entry: LogEntry | EndpointLogEntry;
}

/** The fields of either kind of entry a line reads, none trusted. */
interface AnyEntry {
  timestamp?: unknown;
  level?: unknown;
  source?: unknown;
  log_type?: unknown;
  message?: unknown;
  metadata?: { gpu_id?: unknown };
  stack_trace?: string[];
  stackTrace?: string[];
}

function level(value: unknown): Level {
  return (LEVELS as readonly unknown[]).includes(value) ? (value as Level) : 'info';
}

/** A relayed entry as a line; an entry without a readable time gets `fallbackTs` (the last one of its source). */
export function toLine(src: number, kind: LogSourceRef['kind'], id: string, raw: unknown, fallbackTs = 0): LogLine {
  const e = (raw ?? {}) as AnyEntry;
  const parsed = typeof e.timestamp === 'string' ? Date.parse(e.timestamp) : NaN;
  const ts = Number.isFinite(parsed) ? parsed : fallbackTs;
  const message = typeof e.message === 'string' ? e.message : '';
  const origin = typeof e.source === 'string' ? e.source : '';
  const lvl = level(e.level);
  const gpuRaw = kind === 'cluster' ? e.metadata?.gpu_id : undefined;
  const gpu = typeof gpuRaw === 'string' && gpuRaw !== '' ? gpuRaw : null;
  return {
    src,
    id,
    ts,
    level: lvl,
    origin,
    type: kind === 'cluster' && typeof e.log_type === 'string' ? e.log_type : null,
    message,
    lower: `${lvl} ${origin} ${gpu ?? ''} ${message}`.toLowerCase(),
    gpu,
    entry: raw as LogEntry | EndpointLogEntry,
  };
}

/** The stack trace of an entry of either kind, if it has one. */
export function stackTrace(line: LogLine): string[] {
  const e = line.entry as AnyEntry;
  return e.stack_trace ?? e.stackTrace ?? [];
}

/** The line as one line of text (the text download and the copy button). */
export function lineText(line: LogLine, sourceLabel: string): string {
  return `${new Date(line.ts).toISOString()} ${line.level.toUpperCase().padEnd(5)} [${sourceLabel}] ${line.origin}: ${line.message}`;
}
