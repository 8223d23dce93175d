// What the download panel says about a download under way: the share done, a speed smoothed
// over the progress events (main sends one at most every 100 ms), and the time left at it.
import { formatBytes } from './model-format';

export interface SpeedSample {
  at: number;
  received: number;
  /** Bytes per second, smoothed; null until two samples. */
  speed: number | null;
}

/** Weight of the newest rate in the smoothed speed: steady enough to read, quick to follow a change. */
const SMOOTHING = 0.3;

export function nextSpeed(previous: SpeedSample | null, at: number, received: number): SpeedSample {
  if (!previous || at <= previous.at || received < previous.received) return { at, received, speed: previous?.speed ?? null };
  const rate = ((received - previous.received) * 1000) / (at - previous.at);
  return { at, received, speed: previous.speed === null ? rate : previous.speed + SMOOTHING * (rate - previous.speed) };
}

export function percentDone(received: number, total: number): number {
  if (total <= 0) return 100;
  return Math.min(100, (received / total) * 100);
}

function formatSpeed(bytesPerSecond: number | null): string {
  return bytesPerSecond === null || !Number.isFinite(bytesPerSecond) ? '—' : `${formatBytes(Math.round(bytesPerSecond))}/s`;
}

/** "about 12 s left", "about 3 min left"; empty when unknown. */
function timeLeft(received: number, total: number, bytesPerSecond: number | null): string {
  if (bytesPerSecond === null || bytesPerSecond <= 0 || received >= total) return '';
  const s = Math.ceil((total - received) / bytesPerSecond);
  if (s < 60) return `about ${s} s left`;
  if (s < 3600) return `about ${Math.round(s / 60)} min left`;
  return `about ${(s / 3600).toFixed(1).replace(/\.0$/, '')} h left`;
}

/** The progress line: "12.3 MB of 39.2 MB · 31% · 45.1 MB/s · about 1 s left". */
export function progressLine(received: number, total: number, bytesPerSecond: number | null): string {
  const parts = [`${formatBytes(received)} of ${formatBytes(total)}`, `${Math.floor(percentDone(received, total))}%`];
  if (bytesPerSecond !== null) parts.push(formatSpeed(bytesPerSecond));
  const left = timeLeft(received, total, bytesPerSecond);
  if (left) parts.push(left);
  return parts.join(' · ');
}
