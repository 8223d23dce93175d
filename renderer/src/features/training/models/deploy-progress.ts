// Where a deployment stands on the server's clock: the share of its estimated time gone by and
// what is left, from its creation and estimated ready time (03: active after about 3–5 minutes).
export interface DeployProgress {
  /** 0–100; 100 once active. */
  percent: number;
  /** Seconds until the estimated ready time (0 once past it). */
  remainingSeconds: number;
  /** Past the estimate and not active yet. */
  overdue: boolean;
}

export function deployProgress(createdAt: string, readyAt: string, status: string, now: number): DeployProgress {
  const start = Date.parse(createdAt);
  const end = Date.parse(readyAt);
  if (status === 'active') return { percent: 100, remainingSeconds: 0, overdue: false };
  const span = Math.max(1, end - start);
  const gone = Math.min(span, Math.max(0, now - start));
  return {
    // Never 100 while not active: the last read may be a poll behind.
    percent: Math.min(99, Math.floor((gone / span) * 100)),
    remainingSeconds: Math.max(0, Math.ceil((end - now) / 1000)),
    overdue: now > end,
  };
}
