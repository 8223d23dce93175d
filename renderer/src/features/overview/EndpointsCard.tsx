// Endpoints that need attention (unhealthy, in error or degraded), from the endpoints list.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Figure } from '../../components/Figure';
import { formatNumber } from '../../lib/format';
import { OverviewCard } from './OverviewCard';
import { FAILED_SHOWN, unhealthyEndpoints } from './overview-format';
import { useEndpointsCard } from './overview-store';

export function EndpointsCard() {
  const state = useEndpointsCard();
  const endpoints = state.data;
  const attention = endpoints ? unhealthyEndpoints(endpoints) : [];
  return (
    <OverviewCard
      title="Endpoints"
      href="/endpoints"
      linkLabel="Endpoints"
      state={state}
      onRetry={() => void useEndpointsCard.getState().load()}
      testId="overview-endpoints"
    >
      {endpoints && (
        <Stack spacing={1.5}>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
            <Figure
              label="Healthy"
              value={`${formatNumber(endpoints.filter((e) => e.health === 'healthy').length)} of ${formatNumber(endpoints.length)}`}
            />
            <Figure label="Need attention" value={formatNumber(attention.length)} testId="endpoints-unhealthy" />
          </Box>
          {attention.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {endpoints.length === 0 ? 'No endpoint yet: deploy a model to serve it.' : 'Every endpoint is healthy or on its way up.'}
            </Typography>
          ) : (
            <Stack spacing={0.5} component="ul" aria-label="Endpoints that need attention" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {attention.slice(0, FAILED_SHOWN).map((e) => (
                <Box component="li" key={e.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 0 }}>
                  <Link
                    href={`#/endpoints/${encodeURIComponent(e.id)}`}
                    underline="hover"
                    variant="body2"
                    noWrap
                    sx={{ flex: 1, minWidth: 0 }}
                    title={e.name}
                  >
                    {e.name}
                  </Link>
                  <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
                    {Math.round(e.metrics.errorRate * 10) / 10} % errors
                  </Typography>
                  <Chip size="small" variant="outlined" color={e.health === 'degraded' ? 'warning' : 'error'} label={e.health} />
                </Box>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </OverviewCard>
  );
}
