// /experiments/<id>/compare?runs=…: the comparison of the chosen runs — their parameters side by
// side (differences only), the statistical tests with corrected p-values, effect sizes and
// confidence intervals, the API's rankings and recommendations. The runs, the test layout
// (every pair or against a baseline run), the correction and the switch live in the address.
import ArrowBack from '@mui/icons-material/ArrowBack';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { METRIC_DIRECTION, type RunMetricName } from '../../../../../shared/api/training/experiments';
import { useUrlState } from '../../../app/navigation/url-state';
import { useIntent, useOnProfileSwitch } from '../../../app/page-hooks';
import { ErrorState } from '../../../components/StateViews';
import { experimentPath } from '../experiment-route';
import { useExperiments } from '../experiments-store';
import { correctionExplanation, parseRunIds, type Correction } from './compare-logic';
import { RunsDiffTable } from './RunsDiffTable';
import { StatTestsTable } from './StatTestsTable';
import { useComparison, type Comparison } from './use-comparison';

const URL_DEFAULTS = { runs: '', diff: '1', baseline: '', correction: 'holm' };
const METRIC_LABEL: Record<RunMetricName, string> = {
  validation_loss: 'Validation loss',
  loss: 'Training loss',
  perplexity: 'Perplexity',
  accuracy: 'Accuracy',
  cost: 'Cost',
  duration: 'Duration',
};

export function Panel({ title, children, testId, action }: { title: string; children: ReactNode; testId?: string; action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

function Rankings({ comparison, names }: { comparison: Comparison; names: Map<string, string> }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 2 }} data-testid="rankings">
      {comparison.metrics.map((m) => (
        <Box key={m} sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary">
            {METRIC_LABEL[m]} ({METRIC_DIRECTION[m] === 'minimize' ? 'lower' : 'higher'} is better)
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
            {(comparison.rankings[m] ?? []).slice(0, 5).map((id) => (
              <Typography component="li" variant="body2" key={id} noWrap>
                {names.get(id) ?? id}
              </Typography>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export default function ComparePage({ id }: { id: string }) {
  const [params, setParams] = useUrlState(URL_DEFAULTS);
  const runIds = useMemo(() => parseRunIds(params.runs), [params.runs]);
  const correction: Correction = params.correction === 'benjamini-hochberg' ? 'benjamini-hochberg' : 'holm';
  const baselineRun = runIds.includes(params.baseline) ? params.baseline : null;
  const [reloadKey, setReloadKey] = useState(0);
  const options = useMemo(() => ({ baselineRun, correction }), [baselineRun, correction]);
  const { comparison, error, loading } = useComparison(id, runIds, options, reloadKey);
  const experiment = useExperiments((s) => s.details[id]?.experiment ?? null);
  const reload = useCallback(() => setReloadKey((k) => k + 1), []);
  useEffect(() => {
    if (!useExperiments.getState().details[id]?.experiment) void useExperiments.getState().loadOne(id);
  }, [id]);
  useIntent('page:refresh', reload);
  useOnProfileSwitch(reload);

  const names = useMemo(() => new Map((comparison?.runs ?? []).map((r) => [r.id, r.name])), [comparison]);
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
          <MenuItem value="">Every pair of runs</MenuItem>
          {comparison.runs.map((r) => (
            <MenuItem key={r.id} value={r.id}>
              Each run against {r.name}
            </MenuItem>
          ))}
        </TextField>
        <Tooltip title={correctionExplanation(correction, analysis?.alpha ?? 0.05, analysis?.comparisons.length ?? 0)}>
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
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label="Comparing" />}</Box>
      {error && <Alert severity="error">{error.message}</Alert>}
      <Panel title="Runs" testId="compare-runs">
        <RunsDiffTable
          runs={comparison.runs}
          differencesOnly={params.diff === '1'}
          onDifferencesOnly={(on) => setParams({ diff: on ? '1' : '0' })}
          highlighted={null}
        />
      </Panel>
      <Panel title="Statistical tests" testId="stat-tests">
        {analysis ? (
          <Stack spacing={1}>
            <Typography variant="body2" color="text.secondary">
              {analysis.baselineRunId ? `Each run against ${names.get(analysis.baselineRunId)}` : 'Every pair of runs'}, on the{' '}
              {analysis.sample}. Significant when the {correction === 'holm' ? 'Holm' : 'Benjamini–Hochberg'}-adjusted Welch p-value is
              below {analysis.alpha}; {Math.round(analysis.confidenceLevel * 100)} % intervals of the difference in mean loss (first minus
              second).
            </Typography>
            {analysis.excluded.length > 0 && (
              <Alert severity="info" variant="outlined">
                Left out: {analysis.excluded.map((x) => `${names.get(x.runId) ?? x.runId} (${x.reason})`).join('; ')}.
              </Alert>
            )}
            <Stack sx={{ height: Math.min(480, 42 + Math.max(1, analysis.comparisons.length) * 52), minHeight: 150 }}>
              <StatTestsTable analysis={analysis} names={names} />
            </Stack>
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            The API returned no statistical analysis for these runs.
          </Typography>
        )}
      </Panel>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, gap: 2, alignItems: 'start' }}>
        <Panel title="Rankings" testId="compare-rankings">
          <Rankings comparison={comparison} names={names} />
        </Panel>
        <Panel title="Recommendations" testId="compare-recommendations">
          {comparison.recommendations.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              None.
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {comparison.recommendations.map((r) => (
                <Typography component="li" variant="body2" key={r} sx={{ mb: 0.5 }}>
                  {r}
                </Typography>
              ))}
            </Box>
          )}
          {comparison.pareto_frontier && comparison.pareto_frontier.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Pareto frontier: {comparison.pareto_frontier.map((p) => names.get(p.runId) ?? p.runId).join(', ')}.
            </Typography>
          )}
        </Panel>
      </Box>
    </Stack>
  );
}
