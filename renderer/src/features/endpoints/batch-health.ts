// Pure rules of "Check all": the batches the route takes (at most BATCH_HEALTH_MAX ids each),
// their answers merged into one, and one row per endpoint — worst first, with the checks that
// fail, the issues with their recommendations, or the timeout that stopped the check.
import { BATCH_HEALTH_MAX, type BatchHealthResponse, type HealthReport } from '../../../../shared/api/endpoints/health';
import type { z } from 'zod';

export type BatchHealth = z.infer<typeof BatchHealthResponse>;
export type BatchSummary = BatchHealth['summary'];
type BatchError = BatchHealth['errors'][number];

/** The ids in route-sized batches, in order. */
export function batchesOf(ids: readonly string[], size: number = BATCH_HEALTH_MAX): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

const SUMMARY_KEYS = ['total', 'healthy', 'degraded', 'unhealthy', 'starting', 'stopped', 'error', 'timedOut'] as const;

/** @internal Exported for its tests only. */
export const emptySummary = (): BatchSummary => ({
  total: 0,
  healthy: 0,
  degraded: 0,
  unhealthy: 0,
  starting: 0,
  stopped: 0,
  error: 0,
  timedOut: 0,
});

/** Several answers as one: reports and errors joined, summaries added, the latest `checkedAt`. */
export function mergeBatches(answers: readonly BatchHealth[]): BatchHealth {
  const summary = emptySummary();
  for (const a of answers) for (const k of SUMMARY_KEYS) summary[k] += a.summary[k];
  return {
    reports: answers.flatMap((a) => a.reports),
    errors: answers.flatMap((a) => a.errors),
    summary,
    checkedAt: answers.reduce((latest, a) => (a.checkedAt > latest ? a.checkedAt : latest), ''),
  };
}

/** A row's status: the report's, or `timed out` when the check as a whole did not finish. */
type RowStatus = HealthReport['status'] | 'timed out';

interface FailingCheck {
  name: string;
  status: string;
  detail: string | null;
}

export interface HealthRow {
  endpointId: string;
  status: RowStatus;
  report: HealthReport | null;
  /** The check that did not finish (HEALTH_CHECK_TIMEOUT): its message and what was still pending. */
  failure: { message: string; pending: string[] } | null;
  failingChecks: FailingCheck[];
}

/** Worst first: what needs the operator comes at the top. */
const RANK: Readonly<Record<RowStatus, number>> = {
  error: 0,
  unhealthy: 1,
  'timed out': 2,
  degraded: 3,
  starting: 4,
  stopped: 5,
  healthy: 6,
};

/** Component states that mean the check did not pass (`unknown` is not a failure: nothing to check yet). */
const FAILING = new Set(['degraded', 'unhealthy', 'failed', 'error']);

const CHECK_LABEL: Readonly<Record<string, string>> = {
  api: 'API',
  model: 'Model',
  dependencies: 'Dependencies',
  connectivity: 'Connectivity',
  inference: 'Inference',
  io: 'Storage & network I/O',
};

/** The checks of a report that did not pass, with what each says about itself. */
function failingChecks(checks: Partial<HealthReport['checks']>): FailingCheck[] {
  const out: FailingCheck[] = [];
  for (const [name, check] of Object.entries(checks)) {
    if (!check || !FAILING.has(check.status)) continue;
    let detail: string | null = null;
    if ('lastError' in check && check.lastError) detail = check.lastError;
    else if ('warnings' in check && check.warnings.length > 0) detail = check.warnings.join('; ');
    else if ('services' in check) {
      const bad = check.services.filter((s) => FAILING.has(s.status)).map((s) => `${s.name} ${s.status}${s.error ? `: ${s.error}` : ''}`);
      detail = bad.length > 0 ? bad.join('; ') : null;
    } else if ('error' in check && check.error) detail = check.error;
    out.push({ name: CHECK_LABEL[name] ?? name, status: check.status, detail });
  }
  return out;
}

function timeoutRow(e: BatchError): HealthRow {
  const partial = (e.details['partialResults'] ?? null) as { pendingChecks?: unknown; checks?: unknown } | null;
  const pending = Array.isArray(partial?.pendingChecks) ? partial.pendingChecks.filter((p): p is string => typeof p === 'string') : [];
  const checks =
    partial && typeof partial.checks === 'object' && partial.checks !== null ? (partial.checks as Partial<HealthReport['checks']>) : {};
  return {
    endpointId: e.endpointId,
    status: 'timed out',
    report: null,
    failure: { message: e.message, pending: pending.map((p) => CHECK_LABEL[p] ?? p) },
    failingChecks: failingChecks(checks),
  };
}

/** One row per endpoint of the answer, worst first, then in the order asked. */
export function healthRows(batch: BatchHealth, order: readonly string[]): HealthRow[] {
  const rows: HealthRow[] = [
    ...batch.reports.map((report) => ({
      endpointId: report.endpointId,
      status: report.status,
      report,
      failure: null,
      failingChecks: failingChecks(report.checks),
    })),
    ...batch.errors.map(timeoutRow),
  ];
  const position = new Map(order.map((id, i) => [id, i]));
  const at = (id: string) => position.get(id) ?? Number.MAX_SAFE_INTEGER;
  return rows.sort((a, b) => RANK[a.status] - RANK[b.status] || at(a.endpointId) - at(b.endpointId));
}

/**
 * The counts of the rows: each endpoint once. (The route's summary counts a timed-out check
 * under its partial status as well as under `timedOut`, so its figures add up to more than the total.)
 */
export function countRows(rows: readonly HealthRow[]): BatchSummary {
  const summary = emptySummary();
  summary.total = rows.length;
  for (const r of rows) summary[r.status === 'timed out' ? 'timedOut' : r.status] += 1;
  return summary;
}

/** The strip's figures in reading order, without the zero ones (total always). */
export function summaryParts(summary: BatchSummary): Array<{ key: keyof BatchSummary; label: string; count: number }> {
  const labels: Array<[keyof BatchSummary, string]> = [
    ['healthy', 'healthy'],
    ['degraded', 'degraded'],
    ['unhealthy', 'unhealthy'],
    ['error', 'in error'],
    ['timedOut', 'timed out'],
    ['starting', 'starting'],
    ['stopped', 'stopped'],
  ];
  return labels.filter(([k]) => summary[k] > 0).map(([key, label]) => ({ key, label, count: summary[key] }));
}

/** Endpoints that need the operator: not healthy and not deliberately stopped or starting. */
export function needsAttention(rows: readonly HealthRow[]): number {
  return rows.filter((r) => RANK[r.status] <= RANK.degraded).length;
}
