// How a log window marks sources and levels: one colour per source (in the order added) and
// one per level, readable on both themes.
import type { Level } from './log-line';

const SOURCE_COLORS = ['#4e79a7', '#f28e2b', '#59a14f', '#b07aa1', '#76b7b2', '#edc948', '#ff9da7', '#9c755f'];

export function sourceColor(index: number): string {
  return SOURCE_COLORS[index % SOURCE_COLORS.length]!;
}

export const LEVEL_COLORS: Record<Level, string> = {
  debug: '#8a8f98',
  info: '#3b82c4',
  warn: '#d98e04',
  error: '#d64545',
  fatal: '#a61e8c',
};

export const ROW_HEIGHT = 22;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Local time of a line with milliseconds (`14:03:07.412`); the date is in the expanded row. */
export function clockTime(ts: number): string {
  const d = new Date(ts);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}
