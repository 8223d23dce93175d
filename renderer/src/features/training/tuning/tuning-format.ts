// How the tuning views write values: metrics to four significant digits, parameters as their
// scale reads them (1.2e-4 for a learning rate, 32 for a batch size), durations in h/m/s,
// progress and objectives in words.

export type Literal = string | number | boolean;

/** Four significant digits; exponent form for the very small or large. */
export function formatValue(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const a = Math.abs(value);
  if (a !== 0 && (a < 1e-3 || a >= 1e6)) return value.toExponential(2).replace('e+', 'e');
  return Number(value.toPrecision(4)).toLocaleString('en-US', { maximumFractionDigits: 6 });
}

/** A parameter's value: exponent form for small numbers (learning rates), whole numbers as they are. */
export function formatParam(value: Literal | undefined): string {
  if (value === undefined) return '—';
  if (typeof value !== 'number') return String(value);
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return formatValue(value);
}

/** `42s`, `5m 12s`, `2h 05m`, `3d 4h`. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h}h ${String(m % 60).padStart(2, '0')}m`;
  return `${Math.floor(h / 24)}d ${h % 24}h`;
}

/** `12 / 50 trials · 4 running · 1 failed`. */
export function progressText(p: { completedTrials: number; totalTrials: number; runningTrials: number; failedTrials?: number }): string {
  const parts = [`${p.completedTrials.toLocaleString('en-US')} / ${p.totalTrials.toLocaleString('en-US')} trials`];
  if (p.runningTrials > 0) parts.push(`${p.runningTrials} running`);
  if (p.failedTrials) parts.push(`${p.failedTrials} failed`);
  return parts.join(' · ');
}

const ARROW = { minimize: '↓', maximize: '↑' } as const;

/** `minimize eval_loss`, or for several objectives `eval_loss ↓ ×1 · cost ↓ ×0.5`. */
export function objectiveText(job: {
  objective: 'minimize' | 'maximize';
  metric: string;
  objectives: readonly { metric: string; direction: 'minimize' | 'maximize'; weight: number }[] | null;
}): string {
  if (job.objectives && job.objectives.length > 0)
    return job.objectives.map((o) => `${o.metric} ${ARROW[o.direction]} ×${formatValue(o.weight)}`).join(' · ');
  return `${job.objective} ${job.metric}`;
}

/** An improvement in percent, signed: `+12.3%`, `−4.0%`. */
export function formatImprovement(percent: number | null | undefined): string {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return '—';
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '';
  return `${sign}${Math.abs(percent).toFixed(1)}%`;
}

export const TUNING_STATUS_COLOR: Readonly<Record<string, 'default' | 'info' | 'success' | 'warning' | 'error'>> = {
  pending: 'default',
  running: 'info',
  stopping: 'warning',
  completed: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** A tuning job still changing: read again until it is not. */
export const isLive = (status: string) => status === 'pending' || status === 'running';

/** What a tuning job is doing in words: `stopping` for a running job whose stop lets its last trials finish. */
export const tuningStatusLabel = (job: { status: string; stop: unknown }) =>
  job.status === 'running' && job.stop !== null ? 'stopping' : job.status;
