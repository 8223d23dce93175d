// Cost by GPU type with its utilisation: GPU-hours, what they cost, the mean and peak
// utilisation the metrics simulator measured (a bar, so the waste shows at a glance), sessions.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { GpuUsageEntry, UsageCurrency, UsagePeriod } from '../../../../../shared/api/accounts/usage';
import { DataTable, type Column } from '../../../components/DataTable';
import { Section } from '../../../components/Section';
import { EmptyState } from '../../../components/StateViews';
import { formatMoney } from '../../../lib/money';
import { count, hours, percentText } from './usage-format';
import { useUsage } from './usage-store';
import { PanelPending } from './UsageStates';
import { useUsageRead } from './use-usage-read';

function Utilisation({ value }: { value: number | null }) {
  if (value === null)
    return (
      <Typography variant="body2" color="text.secondary">
        not measured
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%' }}>
      <LinearProgress
        variant="determinate"
        value={value}
        color={value < 30 ? 'warning' : 'primary'}
        sx={{ flex: 1, height: 6, borderRadius: 3 }}
        aria-label={`Mean utilisation ${percentText(value)}`}
      />
      <Typography variant="body2" sx={{ width: 56, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
        {percentText(value)}
      </Typography>
    </Box>
  );
}

const columns = (currency: UsageCurrency): Column<GpuUsageEntry>[] => [
  { id: 'type', header: 'GPU type', width: 'minmax(140px, 1fr)', render: (g) => g.gpuType, sortValue: (g) => g.gpuType },
  { id: 'hours', header: 'GPU-hours', width: '124px', align: 'right', render: (g) => hours(g.totalHours), sortValue: (g) => g.totalHours },
  {
    id: 'cost',
    header: 'Cost',
    width: '120px',
    align: 'right',
    render: (g) => formatMoney(g.totalCost, currency),
    sortValue: (g) => g.totalCost,
  },
  {
    id: 'util',
    header: 'Mean utilisation',
    width: 'minmax(180px, 1.5fr)',
    render: (g) => <Utilisation value={g.averageUtilization} />,
    sortValue: (g) => g.averageUtilization ?? -1,
  },
  {
    id: 'peak',
    header: 'Peak hour',
    width: '110px',
    align: 'right',
    render: (g) => percentText(g.peakUtilization),
    sortValue: (g) => g.peakUtilization ?? -1,
  },
  { id: 'sessions', header: 'Sessions', width: '100px', align: 'right', render: (g) => count(g.sessions), sortValue: (g) => g.sessions },
];

export function GpuPanel({ period }: { period: UsagePeriod }) {
  const { data, error, reload } = useUsageRead(`gpu:${period}`, () => useUsage.getState().gpu(period));
  return (
    <Section title="Cost by GPU type" description="GPU-hours paid and how busy the GPUs were, from their own metrics" testId="usage-gpu">
      {!data ? (
        <PanelPending title="Could not read the GPU usage" error={error} onRetry={reload} height={200} />
      ) : (
        <Box sx={{ height: 42 + 48 * Math.min(6, Math.max(2, data.gpuUsage.length)), display: 'flex' }}>
          <DataTable
            label="Cost by GPU type"
            rows={data.gpuUsage}
            columns={columns(data.currency)}
            rowKey={(g) => g.gpuType}
            initialSort={{ columnId: 'cost', direction: 'desc' }}
            empty={
              <EmptyState title="No GPU time in this period">Clusters, endpoints and jobs that hold GPUs show here by GPU type.</EmptyState>
            }
          />
        </Box>
      )}
    </Section>
  );
}
