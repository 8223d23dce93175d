// The statistical tests of a comparison, one row per pair (or per run against the baseline run):
// Welch's t-test and the Mann–Whitney U test over each run's late-training loss sample, raw and
// corrected p-values, the effect size in words, and the 95 % confidence interval of the
// difference drawn as a bar on a scale shared by every row (0 marked). A pair that is not
// significant after the correction is muted and says so, with the correction explained.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
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
import type { Comparison, PairTest } from './use-comparison';

type Analysis = NonNullable<Comparison['statistical_analysis']>;

function IntervalBar({ ci, domain, mean }: { ci: readonly [number, number] | null; domain: [number, number]; mean: number }) {
  if (!ci) return <Typography variant="body2">—</Typography>;
  const zero = percentIn(domain, 0);
  const lo = percentIn(domain, ci[0]);
  const hi = percentIn(domain, ci[1]);
  const crosses = ci[0] <= 0 && ci[1] >= 0;
  return (
    <Tooltip title={`95 % CI of the difference: ${formatStat(ci[0])} to ${formatStat(ci[1])} (mean ${formatStat(mean)})`}>
      <Box
        sx={{ position: 'relative', height: 20, width: '100%' }}
        role="img"
        aria-label={`95 percent confidence interval from ${formatStat(ci[0])} to ${formatStat(ci[1])}`}
        data-testid="ci-bar"
      >
        <Box
          sx={{
            position: 'absolute',
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

function Verdict({ pair, analysis, names }: { pair: PairTest; analysis: Analysis; names: Map<string, string> }) {
  const tests = analysis.comparisons.length;
  const explanation = correctionExplanation(analysis.correction, analysis.alpha, tests);
  if (pair.significant)
    return (
      <Tooltip
        title={`${names.get(pair.better ?? '') ?? 'One run'} has the lower loss: adjusted p-value below ${analysis.alpha}. ${explanation}`}
      >
        <Chip size="small" color="success" label="Significant" data-testid="verdict-significant" />
      </Tooltip>
    );
  const lost = lostToCorrection(pair.welch?.pValue, pair.welch?.pAdjusted, analysis.alpha);
  return (
    <Tooltip
      title={
        lost
          ? `p = ${formatPValue(pair.welch?.pValue)} alone, but ${formatPValue(pair.welch?.pAdjusted)} after correction. ${explanation}`
          : explanation
      }
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

export function StatTestsTable({ analysis, names }: { analysis: Analysis; names: Map<string, string> }) {
  const domain = useMemo(() => intervalDomain(analysis.comparisons.map((c) => c.welch?.ci ?? null)), [analysis]);
  const columns = useMemo((): Column<PairTest>[] => {
    // Non-significant rows are muted: their figures are there, but they don't draw the eye.
    const muted = (c: PairTest) => ({ opacity: c.significant ? 1 : 0.6 });
    const cell = (c: PairTest, text: string, testId?: string, title?: string) => (
      <Typography variant="body2" sx={{ ...muted(c), fontVariantNumeric: 'tabular-nums' }} data-testid={testId} title={title} noWrap>
        {text}
      </Typography>
    );
    return [
      {
        id: 'pair',
        header: 'Runs',
        width: 'minmax(180px, 2fr)',
        sortValue: (c) => `${names.get(c.runA)} ${names.get(c.runB)}`,
        // The run with the lower loss, when the difference is significant, is the one in colour.
        render: (c) => (
          <Box
            sx={{ minWidth: 0, ...muted(c) }}
            title={`n = ${c.n[0]} / ${c.n[1]} · mean loss ${formatStat(c.meanA)} / ${formatStat(c.meanB)}`}
          >
            <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} color={c.better === c.runA ? 'success.main' : undefined}>
              {names.get(c.runA) ?? c.runA}
            </Typography>
            <Typography variant="caption" noWrap component="div" color={c.better === c.runB ? 'success.main' : 'text.secondary'}>
              vs {names.get(c.runB) ?? c.runB}
            </Typography>
          </Box>
        ),
      },
      {
        id: 'diff',
        header: 'Diff.',
        width: '76px',
        align: 'right',
        sortValue: (c) => c.meanDifference,
        render: (c) => cell(c, formatStat(c.meanDifference, 3)),
      },
      {
        id: 'ci',
        header: '95 % CI',
        width: 'minmax(110px, 1fr)',
        render: (c) => <IntervalBar ci={c.welch?.ci ?? null} domain={domain} mean={c.meanDifference} />,
      },
      {
        id: 't',
        header: 'Welch t',
        width: '80px',
        align: 'right',
        sortValue: (c) => Math.abs(c.welch?.statistic ?? 0),
        render: (c) =>
          cell(
            c,
            c.welch ? formatStat(c.welch.statistic, 3) : '—',
            undefined,
            c.welch ? `${formatStat(c.welch.df, 3)} degrees of freedom` : undefined,
          ),
      },
      {
        id: 'p',
        header: 'p',
        width: '72px',
        align: 'right',
        sortValue: (c) => c.welch?.pValue ?? 1,
        render: (c) => cell(c, formatPValue(c.welch?.pValue), 'p-value'),
      },
      {
        id: 'padj',
        header: 'Adj. p',
        width: '72px',
        align: 'right',
        sortValue: (c) => c.welch?.pAdjusted ?? 1,
        render: (c) => cell(c, formatPValue(c.welch?.pAdjusted), 'p-adjusted'),
      },
      {
        id: 'mw',
        header: 'M–W adj. p',
        width: '112px',
        align: 'right',
        sortValue: (c) => c.mannWhitney?.pAdjusted ?? 1,
        render: (c) =>
          cell(
            c,
            formatPValue(c.mannWhitney?.pAdjusted),
            'mw-p',
            c.mannWhitney
              ? `Mann–Whitney U ${formatStat(c.mannWhitney.U)} (${c.mannWhitney.method}); p ${formatPValue(c.mannWhitney.pValue)} before correction`
              : undefined,
          ),
      },
      {
        id: 'effect',
        header: 'Hedges g',
        width: '136px',
        align: 'right',
        sortValue: (c) => Math.abs(c.effectSize.hedgesG ?? 0),
        render: (c) => {
          const g = c.effectSize.hedgesG;
          const words = effectMagnitude(g);
          return cell(
            c,
            g === null ? '—' : `${formatStat(g, 2)} · ${words}`,
            'effect-size',
            'Cohen: under 0.2 negligible, 0.5 small, 0.8 medium, else large',
          );
        },
      },
      {
        id: 'verdict',
        header: 'Result',
        width: '232px',
        sortValue: (c) => (c.significant ? 0 : 1),
        render: (c) => <Verdict pair={c} analysis={analysis} names={names} />,
      },
    ];
  }, [analysis, domain, names]);

  return (
    <DataTable
      label="Statistical tests"
      rows={analysis.comparisons}
      columns={columns}
      rowKey={(c) => `${c.runA}|${c.runB}`}
      rowHeight={52}
      rowTestId={(c) => `test-row-${c.runA}-${c.runB}`}
      empty={
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          No pair could be tested: each run needs at least 5 steps of training loss.
        </Typography>
      }
    />
  );
}
