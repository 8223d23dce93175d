// /models/compare?ids=a,b,…: 2–10 models side by side — every metric and benchmark with the
// best per row highlighted (the API's best_performing), its recommendations, and a bar chart
// per measure.
import ArrowBack from '@mui/icons-material/ArrowBack';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import { WhyButton } from '../../../components/WhyButton';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import { BENCHMARKS, type CompareModelsResponse } from '../../../../../shared/api/training/models-actions';
import { useLoaded } from '../../../platform/use-loaded';
import { ErrorState } from '../../../components/StateViews';
import { formatDuration } from '../../../components/error-details';
import { compareRows, type CompareRow } from './compare-rows';
import { formatMetric, metricLabel } from './model-format';
import { MODEL_COMPARE_LIMITS, modelPath } from './model-routes';
import { MetricBars } from './MetricBars';
import { useModels } from './models-store';
import { Panel } from '../../../components/Section';

type Comparison = z.infer<typeof CompareModelsResponse>['comparison'];

const valueText = (key: string, v: number | null) =>
  v === null ? '—' : key === 'trainingTime' ? formatDuration(v) : key in BENCH ? `${v.toFixed(1)}` : formatMetric(key, v);
/** Axis ticks: short (hours for time, two places for losses). */
const axisText = (key: string, v: number) =>
  key === 'trainingTime'
    ? `${Number((v / 3600).toFixed(1))} h`
    : key === 'size' || key === 'accuracy'
      ? formatMetric(key, v)
      : Number(v.toFixed(2)).toString();
const BENCH: Record<string, true> = Object.fromEntries(BENCHMARKS.map((b) => [b, true]));

function CompareTable({ comparison, rows }: { comparison: Comparison; rows: CompareRow[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Comparison" sx={{ tableLayout: 'fixed', minWidth: 200 + comparison.models.length * 150 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 200 }}>Measure</TableCell>
            {comparison.models.map((m) => (
              <TableCell key={m.id} align="right">
                <Link
                  href={`#${modelPath(m.id)}`}
                  title={m.name}
                  sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: 600 }}
                >
                  {m.name}
                </Link>
                <Typography variant="caption" color="text.secondary">
                  {m.version} · {m.type}
                </Typography>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key} data-testid={`compare-row-${row.key}`}>
              <TableCell>
                {metricLabel(row.key)}
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {row.kind === 'benchmark' ? 'benchmark score, %' : row.direction === 'lower' ? 'lower is better' : 'higher is better'}
                </Typography>
              </TableCell>
              {row.values.map((v, i) => {
                const best = row.best === comparison.models[i]!.id;
                return (
                  <TableCell
                    key={comparison.models[i]!.id}
                    align="right"
                    data-best={best || undefined}
                    sx={best ? { fontWeight: 700, color: 'success.main', bgcolor: 'action.selected' } : undefined}
                  >
                    {best && <EmojiEventsOutlined fontSize="inherit" sx={{ mr: 0.5, verticalAlign: '-2px' }} aria-label="best" />}
                    {valueText(row.key, v)}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function ComparePage({ ids }: { ids: string[] }) {
  const key = ids.join(',');
  const { min, max } = MODEL_COMPARE_LIMITS;
  const countOk = ids.length >= min && ids.length <= max;
  // Another set of models keeps the comparison shown until theirs is read.
  const {
    data: comparison,
    error,
    loading,
    reload: load,
  } = useLoaded(countOk ? key : null, (signal) => useModels.getState().compare(key.split(','), signal), { keepAcrossKeys: true });

  const header = (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Box sx={{ flex: 1 }}>
        <Typography variant="h5" component="h1">
          Compare models
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {ids.length} models · every metric and benchmark, the best of each highlighted
        </Typography>
      </Box>
      <Tooltip title="Refresh">
        <span>
          <IconButton aria-label="Refresh comparison" onClick={() => void load()} disabled={loading || !countOk}>
            <Refresh />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
  const back = (
    <Button startIcon={<ArrowBack />} href="#/models" size="small" sx={{ alignSelf: 'flex-start' }}>
      Models
    </Button>
  );

  if (!countOk)
    return (
      <Stack spacing={2}>
        {back}
        {header}
        <Alert severity="info">
          Tick {min} to {max} models in the registry and choose Compare ({ids.length} given).
        </Alert>
      </Stack>
    );
  if (error && !comparison)
    return (
      <Stack spacing={2}>
        {back}
        <ErrorState title="Could not compare the models" error={error} onRetry={() => void load()} />
      </Stack>
    );
  if (!comparison)
    return (
      <Stack spacing={2} aria-busy aria-label="Comparing models">
        {back}
        {header}
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );

  const rows = compareRows(comparison);
  const names = new Map(comparison.models.map((m) => [m.id, m.name]));
  return (
    <Stack spacing={2} sx={{ pb: 2 }} data-testid="model-compare">
      {back}
      {header}
      {error && (
        <Alert severity="error" action={<WhyButton error={error} />}>
          Could not refresh: {error.message}
        </Alert>
      )}
      {comparison.recommendations.length > 0 && (
        <Panel title="Recommendations" testId="compare-recommendations">
          <Box component="ul" sx={{ m: 0, pl: 2.5, fontSize: 14 }}>
            {comparison.recommendations.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </Box>
        </Panel>
      )}
      <Panel title="Side by side" testId="compare-table">
        <CompareTable comparison={comparison} rows={rows} />
      </Panel>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' }, gap: 2 }}>
        {rows
          .filter((r) => r.values.filter((v) => v !== null).length > 0)
          .map((row) => (
            <Panel
              key={row.key}
              title={`${metricLabel(row.key)}${row.best ? ` — best: ${names.get(row.best) ?? row.best}` : ''}`}
              testId={`compare-chart-${row.key}`}
            >
              <MetricBars
                bars={comparison.models.map((m, i) => ({
                  label: `${m.name} ${m.version}`,
                  value: row.values[i] ?? null,
                  best: row.best === m.id,
                }))}
                ariaLabel={`${metricLabel(row.key)} of each model`}
                formatValue={(v) => valueText(row.key, v)}
                formatAxis={(v) => axisText(row.key, v)}
              />
            </Panel>
          ))}
      </Box>
    </Stack>
  );
}
