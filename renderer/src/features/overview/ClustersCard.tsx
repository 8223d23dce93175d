// Running clusters and their GPUs' utilisation: the clusters list and, for the running clusters
// with the most GPUs, their current metrics snapshot (the fleet view reads the same operation).
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../components/StateViews';
import { Figure } from '../../components/Figure';
import { formatNumber, gpuConfig } from '../../lib/format';
import { OverviewCard, PercentBar } from './OverviewCard';
import { useFleetCard } from './overview-store';

/** One small bar per GPU: how evenly the cluster's GPUs work. */
function GpuStrip({ gpus, name }: { gpus: number[]; name: string }) {
  return (
    <Box
      role="img"
      aria-label={`${name}: GPUs at ${gpus.map((g) => `${Math.round(g)} %`).join(', ')}`}
      sx={{ display: 'flex', gap: '2px', alignItems: 'flex-end', height: 18 }}
    >
      {gpus.map((g, i) => (
        <Box
          key={i}
          sx={{ width: 5, height: `${Math.max(15, g)}%`, bgcolor: 'primary.main', opacity: 0.35 + (g / 100) * 0.65, borderRadius: '1px' }}
        />
      ))}
    </Box>
  );
}

export function ClustersCard() {
  const state = useFleetCard();
  const fleet = state.data;
  return (
    <OverviewCard
      title="Running clusters"
      href="/clusters/fleet"
      linkLabel="Fleet"
      state={state}
      onRetry={() => void useFleetCard.getState().load()}
      testId="overview-clusters"
    >
      {fleet &&
        (fleet.counts.running === 0 ? (
          <EmptyState title="No cluster is running">
            {fleet.counts.total === 0
              ? 'Create a cluster in Clusters to see its GPUs here.'
              : `${fleet.counts.total} stopped or starting: start one in Clusters.`}
          </EmptyState>
        ) : (
          <Stack spacing={1.5}>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
              <Figure
                label="Running"
                value={`${formatNumber(fleet.counts.running)} of ${formatNumber(fleet.counts.total)}`}
                testId="clusters-running"
              />
              <Figure label="GPUs running" value={formatNumber(fleet.counts.gpusRunning)} />
            </Box>
            <Stack spacing={1} component="ul" aria-label="Running clusters" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {fleet.live.map(({ cluster, utilisation, gpus }) => (
                <Box
                  component="li"
                  key={cluster.id}
                  sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto 88px 48px', gap: 1.5, alignItems: 'center' }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Link
                      href={`#/clusters/${encodeURIComponent(cluster.id)}`}
                      underline="hover"
                      variant="body2"
                      noWrap
                      sx={{ display: 'block', fontWeight: 500 }}
                      title={cluster.name}
                    >
                      {cluster.name}
                    </Link>
                    <Typography variant="caption" color="text.secondary" noWrap component="div">
                      {gpuConfig(cluster.gpu.type, cluster.gpu.count)}
                    </Typography>
                  </Box>
                  <GpuStrip gpus={gpus} name={cluster.name} />
                  {utilisation === null ? (
                    <span />
                  ) : (
                    <PercentBar value={utilisation} label={`${cluster.name}: mean GPU utilisation ${utilisation} %`} />
                  )}
                  <Typography
                    variant="body2"
                    sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                    data-testid="cluster-utilisation"
                  >
                    {utilisation === null ? '—' : `${Math.round(utilisation)} %`}
                  </Typography>
                </Box>
              ))}
            </Stack>
            {fleet.counts.running > fleet.live.length && (
              <Typography variant="caption" color="text.secondary">
                The {fleet.live.length} with the most GPUs; all {fleet.counts.running} in the{' '}
                <Link href="#/clusters/fleet">fleet view</Link>.
              </Typography>
            )}
          </Stack>
        ))}
    </OverviewCard>
  );
}
