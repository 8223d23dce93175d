// The statistical tests of a comparison (docs/decisions.md, Training: experiments — compare),
// each valid for what it is given: groups of replicates (a configuration's seeds) with their
// interval drawn as an error bar, configurations compared across their replicates (Welch,
// Mann–Whitney), trained models compared on the same evaluation examples (Wilcoxon signed-rank,
// a paired bootstrap interval of the difference), each run's validation loss with its interval,
// and the pairs nothing valid can be said of: "not testable: add seeds", with no p-value. A pair
// that is not significant after the correction is muted and says so.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, type ReactNode } from 'react';
import { DataTable, type Column } from '../../../../components/DataTable';
import {
  correctionExplanation,
  effectMagnitude,
  formatPValue,
  formatStat,
  intervalDomain,
  lostToCorrection,
  percentIn,
} from './compare-logic';
import type { ReplicateSource } from '../experiments-store';
import { AddSeedsButton } from './AddSeedsButton';
import type { CompareRun, Comparison } from './use-comparison';
import { twoLineHeaderWidth } from '../../../../lib/table-logic';

/** Replicates a configuration is brought to by "add seeds" (the API's replicatesNeeded counts to it). */
const REPLICATES_TARGET = 3;

type Analysis = NonNullable<Comparison['statistical_analysis']>;
type GroupRow = Analysis['groups'][number];
type ReplicateRow = Analysis['replicate_tests'][number];
type PairedRow = Analysis['paired_tests'][number];
type NotTestableRow = Analysis['not_testable'][number];
type IntervalRow = Analysis['run_intervals'][number];

function IntervalBar({
  ci,
  domain,
  mean,
  what,
}: {
  ci: readonly [number, number] | null;
  domain: [number, number];
  mean: number;
  what: string;
}) {
  if (!ci) return <Typography variant="body2">—</Typography>;
  const zero = percentIn(domain, 0);
  const lo = percentIn(domain, ci[0]);
  const hi = percentIn(domain, ci[1]);
  const crosses = domain[0] <= 0 && domain[1] >= 0 && ci[0] <= 0 && ci[1] >= 0;
  return (
    <Tooltip title={`95 % CI of ${what}: ${formatStat(ci[0])} to ${formatStat(ci[1])} (mean ${formatStat(mean)})`}>
      <Box
        sx={{ position: 'relative', height: 20, width: '100%' }}
        role="img"
        aria-label={`95 percent confidence interval from ${formatStat(ci[0])} to ${formatStat(ci[1])}`}
        data-testid="ci-bar"
      >
        <Box
          sx={{
            position: 'absolute',
            display: domain[0] <= 0 && domain[1] >= 0 ? 'block' : 'none',
            left: `${zero}%`,
            top: 2,
            bottom: 2,
            width: '1px',
            bgcolor: 'text.disabled',
          }}
        />
        <Box
          sx={{
            position: 'absolute',
            left: `${lo}%`,
            width: `max(2px, ${hi - lo}%)`,
            top: 8,
            height: 4,
            borderRadius: 2,
            bgcolor: crosses ? 'text.disabled' : 'primary.main',
          }}
        />
        <Box
          sx={{
            position: 'absolute',
            left: `calc(${percentIn(domain, mean)}% - 4px)`,
            top: 6,
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: crosses ? 'text.secondary' : 'primary.main',
          }}
        />
      </Box>
    </Tooltip>
  );
}

function Verdict({
  significant,
  better,
  pValue,
  pAdjusted,
  tests,
  analysis,
}: {
  significant: boolean;
  better: string | null;
  pValue: number | undefined;
  pAdjusted: number | undefined;
  tests: number;
  analysis: Analysis;
}) {
  const explanation = correctionExplanation(analysis.correction, analysis.alpha, tests);
  if (significant)
    return (
      <Tooltip title={`${better ?? 'One side'} is better: adjusted p-value below ${analysis.alpha}. ${explanation}`}>
        <Chip size="small" color="success" label="Significant" data-testid="verdict-significant" />
      </Tooltip>
    );
  const lost = lostToCorrection(pValue, pAdjusted, analysis.alpha);
  return (
    <Tooltip
      title={lost ? `p = ${formatPValue(pValue)} alone, but ${formatPValue(pAdjusted)} after correction. ${explanation}` : explanation}
    >
      <Chip
        size="small"
        variant="outlined"
        color={lost ? 'warning' : 'default'}
        label={lost ? 'Not significant after correction' : 'Not significant'}
        sx={{ maxWidth: '100%' }}
        data-testid="verdict-not-significant"
      />
    </Tooltip>
  );
}

/** The two sides of a compared pair, the better one in green, both named in full in the tooltip with what the test rests on. */
function PairCell(p: { a: string; b: string; better: 'a' | 'b' | null; significant: boolean; detail: string }) {
  return (
    <Box sx={{ minWidth: 0, opacity: p.significant ? 1 : 0.6 }} title={`${p.a} vs ${p.b} — ${p.detail}`}>
      <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} color={p.better === 'a' ? 'success.main' : undefined}>
        {p.a}
      </Typography>
      <Typography variant="caption" noWrap component="div" color={p.better === 'b' ? 'success.main' : 'text.secondary'}>
        vs {p.b}
      </Typography>
    </Box>
  );
}

const num = (text: string, muted = false, testId?: string, title?: string) => (
  <Typography
    variant="body2"
    sx={{ opacity: muted ? 0.6 : 1, fontVariantNumeric: 'tabular-nums' }}
    data-testid={testId}
    title={title}
    noWrap
  >
    {text}
  </Typography>
);

function Table<T>(props: {
  label: string;
  rows: readonly T[];
  columns: Column<T>[];
  rowKey(row: T): string;
  testId: string;
  empty: ReactNode;
}) {
  const { rowKey, testId } = props;
  return (
    <Stack sx={{ height: Math.min(420, 42 + Math.max(1, props.rows.length) * 52), minHeight: 120 }} data-testid={props.testId}>
      <DataTable
        label={props.label}
        rows={props.rows}
        columns={props.columns}
        rowKey={rowKey}
        rowHeight={52}
        rowTestId={(row) => `${testId}-row-${rowKey(row).replace('|', '-')}`}
        empty={
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {props.empty}
          </Typography>
        }
      />
    </Stack>
  );
}

function Groups({ analysis }: { analysis: Analysis }) {
  // Values, not differences: the scale is their range (no 0 mark).
  const domain = useMemo(
    () =>
      intervalDomain(
        analysis.groups.map((g) => g.ci),
        false,
      ),
    [analysis],
  );
  const columns: Column<GroupRow>[] = [
    {
      id: 'label',
      header: 'Group',
      width: 'minmax(180px, 2fr)',
      sortValue: (g) => g.label,
      render: (g) => num(g.label, false, undefined, g.label),
    },
    { id: 'n', header: 'Replicates', width: '128px', align: 'right', sortValue: (g) => g.n, render: (g) => num(String(g.n)) },
    {
      id: 'mean',
      header: `Mean ${analysis.metric}`,
      wrapHeader: true,
      width: `${Math.max(120, twoLineHeaderWidth(`Mean ${analysis.metric}`, 34))}px`,
      align: 'right',
      sortValue: (g) => g.mean ?? 0,
      render: (g) =>
        num(g.mean === null ? '—' : formatStat(g.mean), false, undefined, g.sd === null ? undefined : `SD ${formatStat(g.sd)}`),
    },
    {
      id: 'ci',
      header: '95 % CI',
      width: 'minmax(140px, 1fr)',
      render: (g) =>
        g.ci ? (
          <IntervalBar
            ci={g.ci}
            domain={domain}
            mean={g.mean ?? 0}
            what={`the mean (${g.ciMethod === 't' ? "Student's t" : 'bootstrap'})`}
          />
        ) : (
          num('one run: add seeds', true)
        ),
    },
  ];
  return (
    <Table
      label="Groups of replicates"
      rows={analysis.groups}
      columns={columns}
      rowKey={(g) => g.id}
      testId="stat-groups"
      empty="No run has a value yet."
    />
  );
}

function ReplicateTests({ analysis }: { analysis: Analysis }) {
  const label = useMemo(() => new Map(analysis.groups.map((g) => [g.id, g.label])), [analysis]);
  const domain = useMemo(() => intervalDomain(analysis.replicate_tests.map((c) => c.welch?.ci ?? null)), [analysis]);
  const tests = analysis.replicate_tests.length;
  const columns: Column<ReplicateRow>[] = [
    {
      id: 'pair',
      header: 'Configurations',
      width: 'minmax(180px, 2fr)',
      render: (c) => (
        <PairCell
          a={label.get(c.groupA) ?? c.groupA}
          b={label.get(c.groupB) ?? c.groupB}
          better={c.better === null ? null : c.better === c.groupA ? 'a' : 'b'}
          significant={c.significant}
          detail={`n = ${c.n[0]} / ${c.n[1]} replicates`}
        />
      ),
    },
    {
      id: 'diff',
      header: 'Diff.',
      width: '76px',
      align: 'right',
      sortValue: (c) => c.meanDifference,
      render: (c) => num(formatStat(c.meanDifference, 3), !c.significant),
    },
    {
      id: 'ci',
      header: '95 % CI',
      width: 'minmax(110px, 1fr)',
      render: (c) => <IntervalBar ci={c.welch?.ci ?? null} domain={domain} mean={c.meanDifference} what="the difference" />,
    },
    {
      id: 'p',
      header: 'Welch p',
      width: '80px',
      align: 'right',
      render: (c) => num(formatPValue(c.welch?.pValue), !c.significant, 'p-value'),
    },
    {
      id: 'padj',
      header: 'Adj. p',
      width: '72px',
      align: 'right',
      render: (c) => num(formatPValue(c.welch?.pAdjusted), !c.significant, 'p-adjusted'),
    },
    {
      id: 'mw',
      header: 'M–W adj. p',
      width: '104px',
      align: 'right',
      render: (c) =>
        num(
          formatPValue(c.mannWhitney?.pAdjusted),
          !c.significant,
          'mw-p',
          c.mannWhitney ? `Mann–Whitney U ${formatStat(c.mannWhitney.U)} (${c.mannWhitney.method})` : undefined,
        ),
    },
    {
      id: 'effect',
      header: 'Hedges g',
      width: '128px',
      align: 'right',
      render: (c) =>
        num(
          c.effectSize.hedgesG === null ? '—' : `${formatStat(c.effectSize.hedgesG, 2)} · ${effectMagnitude(c.effectSize.hedgesG)}`,
          !c.significant,
          'effect-size',
        ),
    },
    {
      id: 'verdict',
      header: 'Result',
      width: '220px',
      render: (c) => (
        <Verdict
          significant={c.significant}
          better={c.better === null ? null : (label.get(c.better) ?? c.better)}
          pValue={c.welch?.pValue}
          pAdjusted={c.welch?.pAdjusted}
          tests={tests}
          analysis={analysis}
        />
      ),
    },
  ];
  return (
    <Table
      label="Configurations across seeds"
      rows={analysis.replicate_tests}
      columns={columns}
      rowKey={(c) => `${c.groupA}|${c.groupB}`}
      testId="stat-replicate-tests"
      empty="No two configurations have 2 or more replicates each: add seeds to compare configurations."
    />
  );
}

function PairedTests({ analysis, names }: { analysis: Analysis; names: Map<string, string> }) {
  const domain = useMemo(() => intervalDomain(analysis.paired_tests.map((c) => c.ci)), [analysis]);
  const tests = analysis.paired_tests.length;
  const columns: Column<PairedRow>[] = [
    {
      id: 'pair',
      header: 'Models',
      width: 'minmax(180px, 2fr)',
      render: (c) => (
        <PairCell
          a={names.get(c.runA) ?? c.runA}
          b={names.get(c.runB) ?? c.runB}
          better={c.better === null ? null : c.better === c.runA ? 'a' : 'b'}
          significant={c.significant}
          detail={`${c.n} evaluation examples, steps ${c.steps[0]} / ${c.steps[1]}`}
        />
      ),
    },
    { id: 'n', header: 'Examples', width: '100px', align: 'right', render: (c) => num(String(c.n), !c.significant) },
    {
      id: 'diff',
      header: 'Diff.',
      width: '76px',
      align: 'right',
      sortValue: (c) => c.meanDifference,
      render: (c) => num(formatStat(c.meanDifference, 3), !c.significant),
    },
    {
      id: 'ci',
      header: '95 % CI',
      width: 'minmax(110px, 1fr)',
      render: (c) => <IntervalBar ci={c.ci} domain={domain} mean={c.meanDifference} what="the difference (paired bootstrap)" />,
    },
    {
      id: 'p',
      header: 'Wilcoxon p',
      width: '112px',
      align: 'right',
      render: (c) => num(formatPValue(c.wilcoxon.pValue), !c.significant, 'p-value'),
    },
    {
      id: 'padj',
      header: 'Adj. p',
      width: '72px',
      align: 'right',
      render: (c) => num(formatPValue(c.wilcoxon.pAdjusted), !c.significant, 'p-adjusted'),
    },
    {
      id: 'verdict',
      header: 'Result',
      width: '220px',
      render: (c) => (
        <Verdict
          significant={c.significant}
          better={c.better === null ? null : (names.get(c.better) ?? c.better)}
          pValue={c.wilcoxon.pValue}
          pAdjusted={c.wilcoxon.pAdjusted}
          tests={tests}
          analysis={analysis}
        />
      ),
    },
  ];
  return (
    <Table
      label="Models on the same evaluation examples"
      rows={analysis.paired_tests}
      columns={columns}
      rowKey={(c) => `${c.runA}|${c.runB}`}
      testId="stat-paired-tests"
      empty="No two runs with a validation loss share an evaluation set."
    />
  );
}

function RunIntervals({ analysis, names }: { analysis: Analysis; names: Map<string, string> }) {
  const domain = useMemo(
    () =>
      intervalDomain(
        analysis.run_intervals.map((r) => r.ci),
        false,
      ),
    [analysis],
  );
  const columns: Column<IntervalRow>[] = [
    {
      id: 'run',
      header: 'Run',
      width: 'minmax(160px, 2fr)',
      sortValue: (r) => names.get(r.runId) ?? r.runId,
      render: (r) => num(names.get(r.runId) ?? r.runId, false, undefined, names.get(r.runId) ?? r.runId),
    },
    {
      id: 'value',
      header: 'Validation loss',
      wrapHeader: true,
      width: `${twoLineHeaderWidth('Validation loss', 34)}px`,
      align: 'right',
      sortValue: (r) => r.value,
      render: (r) => num(formatStat(r.value), false, undefined, `${r.n} examples at step ${r.step}`),
    },
    {
      id: 'ci',
      header: '95 % CI',
      width: 'minmax(140px, 1fr)',
      render: (r) => <IntervalBar ci={r.ci} domain={domain} mean={r.value} what="the validation loss (bootstrap over examples)" />,
    },
  ];
  return (
    <Table
      label="Validation loss by run"
      rows={analysis.run_intervals}
      columns={columns}
      rowKey={(r) => r.runId}
      testId="stat-run-intervals"
      empty="No run has a validation loss yet."
    />
  );
}

/** What "add seeds" starts for a pair: each group below 3 replicates gets new runs of its first run's job. */
function sourcesOf(x: NotTestableRow, analysis: Analysis, runs: ReadonlyMap<string, CompareRun>): ReplicateSource[] {
  const out: ReplicateSource[] = [];
  for (const id of [x.groupA, x.groupB]) {
    const g = analysis.groups.find((y) => y.id === id);
    const first = g ? runs.get(g.runIds[0]!) : undefined;
    if (!g || !first || g.n >= REPLICATES_TARGET) continue;
    out.push({
      runId: first.id,
      runName: first.name,
      trainingJobId: first.trainingJobId,
      // Grouped by a tag: the replicates carry it, so they join the group.
      tags: analysis.groupBy.startsWith('tag:') ? [g.id] : [],
      count: REPLICATES_TARGET - g.n,
      firstSeed: g.n + 1,
    });
  }
  return out;
}

function NotTestable({
  analysis,
  runs,
  experimentId,
  onRunsAdded,
}: {
  analysis: Analysis;
  runs: ReadonlyMap<string, CompareRun>;
  experimentId: string;
  onRunsAdded?(ids: string[]): void;
}) {
  const label = new Map(analysis.groups.map((g) => [g.id, g.label]));
  if (analysis.not_testable.length === 0) return null;
  return (
    <Stack spacing={0.5} data-testid="stat-not-testable">
      {analysis.not_testable.map((x: NotTestableRow) => {
        const sources = sourcesOf(x, analysis, runs);
        return (
          <Stack direction="row" spacing={1} key={`${x.groupA}|${x.groupB}`} sx={{ alignItems: 'center' }} data-testid="not-testable-row">
            <Typography variant="body2" sx={{ flex: 1 }}>
              <strong>{label.get(x.groupA) ?? x.groupA}</strong> vs <strong>{label.get(x.groupB) ?? x.groupB}</strong>: not testable: add
              seeds ({x.reason}; {x.replicatesNeeded} more run{x.replicatesNeeded === 1 ? '' : 's'} for 3 replicates each). No p-value is
              given.
            </Typography>
            {onRunsAdded && sources.length > 0 && <AddSeedsButton experimentId={experimentId} sources={sources} onAdded={onRunsAdded} />}
          </Stack>
        );
      })}
    </Stack>
  );
}

export function StatTestsTable({
  analysis,
  names,
  experimentId,
  runs,
  onRunsAdded,
}: {
  analysis: Analysis;
  names: Map<string, string>;
  experimentId: string;
  runs: readonly CompareRun[];
  /** New runs (replicates) to take into the comparison; without it, no "add seeds" button. */
  onRunsAdded?(ids: string[]): void;
}) {
  const byId = useMemo(() => new Map(runs.map((r) => [r.id, r])), [runs]);
  const sub = (text: string) => (
    <Typography variant="subtitle2" sx={{ mt: 1 }}>
      {text}
    </Typography>
  );
  return (
    <Stack spacing={1}>
      {sub(`Groups of replicates (${analysis.groupBy}), ${analysis.metric}`)}
      <Groups analysis={analysis} />
      {sub('Configurations compared across their seeds')}
      <ReplicateTests analysis={analysis} />
      <NotTestable analysis={analysis} runs={byId} experimentId={experimentId} onRunsAdded={onRunsAdded} />
      {sub('Trained models compared on the same evaluation examples (paired)')}
      <PairedTests analysis={analysis} names={names} />
      {sub('Validation loss of each run, with its interval over the evaluation examples')}
      <RunIntervals analysis={analysis} names={names} />
    </Stack>
  );
}
