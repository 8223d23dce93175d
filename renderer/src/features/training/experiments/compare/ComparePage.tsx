// /experiments/<id>/compare?runs=…: reads the comparison of the chosen runs (POST …/compare) and
// their jobs' curves, and shows them (ComparisonView); read again every 10 s while a run trains. The runs, the test layout (every pair or
// against a baseline run), the correction and "differences only" live in the address.
import ArrowBack from '@mui/icons-material/ArrowBack';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useUrlState } from '../../../../platform/navigation/url-state';
import { useIntent, useOnProfileSwitch } from '../../../../platform/page-hooks';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { useBudgetedPolling } from '../../../../platform/use-budgeted-polling';
import { RefreshPaceNote } from '../../../../components/RefreshPaceNote';
import { ErrorState } from '../../../../components/StateViews';
import { experimentPath } from '../experiment-route';
import { useExperiments } from '../experiments-store';
import { correctionExplanation, groupByOptions, parseRunIds, type Correction } from './compare-logic';
import { ComparisonView, loadCharts } from './ComparisonView';
import { clearRunCurves, useRunCurves } from './run-curves';
import { useComparison } from './use-comparison';

const URL_DEFAULTS = { runs: '', diff: '1', baseline: '', correction: 'holm', group: 'configuration' };
const COMPARE_POLL_MS = 10_000;
const NO_RUNS: readonly { id: string; trainingJobId: string }[] = [];

export default function ComparePage({ id }: { id: string }) {
  const [params, setParams] = useUrlState(URL_DEFAULTS);
  const runIds = useMemo(() => parseRunIds(params.runs), [params.runs]);
  const correction: Correction = params.correction === 'benjamini-hochberg' ? 'benjamini-hochberg' : 'holm';
  const baselineRun = runIds.includes(params.baseline) ? params.baseline : null;
  const [curvesKey, setCurvesKey] = useState(0);
  const experimentRuns = useExperiments((s) => s.details[id]?.experiment?.runs);
  const groupings = useMemo(
    () => groupByOptions((experimentRuns ?? []).filter((r) => runIds.includes(r.id)).flatMap((r) => r.tags)),
    [experimentRuns, runIds],
  );
  const groupBy = groupings.includes(params.group) ? params.group : 'configuration';
  const options = useMemo(() => ({ baselineRun, correction, groupBy }), [baselineRun, correction, groupBy]);
  // The comparison is read again on a profile switch by its loader; the curves with it, here.
  const { comparison, error, loading, reload: compareAgain } = useComparison(id, runIds, options);
  const { curves, pending } = useRunCurves(comparison?.runs ?? NO_RUNS, curvesKey);
  const experiment = useExperiments((s) => s.details[id]?.experiment ?? null);
  const readCurves = useCallback(() => setCurvesKey((k) => k + 1), []);
  const reload = useCallback(() => {
    compareAgain();
    readCurves();
  }, [compareAgain, readCurves]);
  useEffect(() => {
    if (!useExperiments.getState().details[id]?.experiment) void useExperiments.getState().loadOne(id);
    // The charts' code loads while the comparison is read, not after it.
    void loadCharts();
  }, [id]);
  useIntent('page:refresh', reload);
  // While a run still trains, its figures and curve move: read again (the curves only past their last step).
  const training = Boolean(comparison?.runs.some((r) => r.status === 'pending' || r.status === 'running'));
  // A comparison is a training POST and the new curve points a read per run: counted as three reads.
  const pace = useBudgetedPolling(training && !loading, 'training', COMPARE_POLL_MS, reload, 3);
  useOnProfileSwitch(
    useCallback(() => {
      clearRunCurves();
      readCurves();
    }, [readCurves]),
  );

  const back = (
    <Button startIcon={<ArrowBack />} href={`#${experimentPath(id)}`} size="small" sx={{ alignSelf: 'flex-start' }}>
      {experiment?.name ?? 'Experiment'}
    </Button>
  );

  if (runIds.length < 2)
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="info">Select two or more runs in the experiment’s runs table, then choose Compare.</Alert>
      </Stack>
    );
  if (!comparison) {
    if (error) return <ErrorState title="Could not compare the runs" error={error} onRetry={reload} />;
    return (
      <Stack spacing={2} aria-busy aria-label="Comparing runs">
        {back}
        <Skeleton variant="text" width={360} height={40} />
        <Skeleton variant="rounded" height={240} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  }

  const analysis = comparison.statistical_analysis;
  return (
    <Stack spacing={2} sx={{ pb: 2 }} data-testid="compare-view">
      {back}
      <RefreshPaceNote pace={pace} following={training && !loading} onRefresh={reload} />
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 240 }}>
          Comparing {comparison.runs.length} runs
        </Typography>
        <TextField
          select
          size="small"
          label="Tests"
          value={baselineRun ?? ''}
          onChange={(e) => setParams({ baseline: e.target.value })}
          sx={{ minWidth: 240 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid="tests-layout"
        >
          <MenuItem value="">
            {/* Past 30 runs the API pairs each run with the best-ranked one unless told which. */}
            {analysis?.pairing === 'best-run' && analysis.baselineRunId
              ? `Each run against the best (${comparison.runs.find((r) => r.id === analysis.baselineRunId)?.name ?? analysis.baselineRunId})`
              : 'Every pair of runs'}
          </MenuItem>
          {comparison.runs.map((r) => (
            <MenuItem key={r.id} value={r.id}>
              Each run against {r.name}
            </MenuItem>
          ))}
        </TextField>
        <Tooltip
          title={correctionExplanation(
            correction,
            analysis?.alpha ?? 0.05,
            (analysis?.replicate_tests.length ?? 0) + (analysis?.paired_tests.length ?? 0),
          )}
        >
          <TextField
            select
            size="small"
            label="Correction"
            value={correction}
            onChange={(e) => setParams({ correction: e.target.value })}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="holm">Holm (family-wise)</MenuItem>
            <MenuItem value="benjamini-hochberg">Benjamini–Hochberg (FDR)</MenuItem>
          </TextField>
        </Tooltip>
        <Tooltip title="Compare again">
          <span>
            <IconButton aria-label="Compare again" onClick={reload} disabled={loading}>
              <Refresh />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Box sx={{ height: 4 }}>
        {(loading || pending > 0) && <LinearProgress aria-label={loading ? 'Comparing' : `Reading the curves of ${pending} runs`} />}
      </Box>
      {error && <ErrorAlert error={error} />}
      <ComparisonView
        comparison={comparison}
        curves={curves}
        differencesOnly={params.diff === '1'}
        onDifferencesOnly={(on) => setParams({ diff: on ? '1' : '0' })}
        onRunsAdded={(ids) => {
          setParams({ runs: [...runIds, ...ids.filter((x) => !runIds.includes(x))].join(',') });
          void useExperiments.getState().loadOne(id, { quiet: true });
        }}
      />
    </Stack>
  );
}
