// Cost impact shown before a stop or restart is confirmed.
import TrendingDown from '@mui/icons-material/TrendingDown';
import TrendingFlat from '@mui/icons-material/TrendingFlat';
import TrendingUp from '@mui/icons-material/TrendingUp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { RestartCostImpact } from './restart-form';
import { formatMoney } from '../../../../lib/money';
import type { StopCostImpact } from './stop-form';

/** In place of an estimate while a field holds something invalid. */
export function CostUnavailable() {
  return (
    <Alert severity="info" data-testid="cost-impact">
      Fix the highlighted fields to see the cost.
    </Alert>
  );
}

export function StopCost({ impact }: { impact: StopCostImpact }) {
  return (
    <Alert severity="info" icon={<TrendingDown />} data-testid="cost-impact">
      Stopping saves <b>{formatMoney(impact.hourlyRateSaved, impact.currency)}/h</b>: billing ends when the stop starts. This session has
      cost {formatMoney(impact.sessionCostSoFar, impact.currency)} so far.
    </Alert>
  );
}

export function RestartCost({ impact, resumesBilling }: { impact: RestartCostImpact; resumesBilling: boolean }) {
  const diff = impact.newHourlyRate - impact.oldHourlyRate;
  const icon = diff > 0 ? <TrendingUp /> : diff < 0 ? <TrendingDown /> : <TrendingFlat />;
  return (
    <Alert severity={diff > 0 ? 'warning' : 'info'} icon={icon} data-testid="cost-impact">
      Hourly rate{' '}
      <Box component="span" data-testid="cost-old">
        {formatMoney(impact.oldHourlyRate)}
      </Box>{' '}
      →{' '}
      <Box component="b" data-testid="cost-new">
        {formatMoney(impact.newHourlyRate)}
      </Box>
      {impact.changed
        ? ` (${diff >= 0 ? '+' : '−'}${formatMoney(Math.abs(diff))}/h, estimated from the price table)`
        : ' (no resource change)'}
      {resumesBilling && '. The cluster is not billed now: billing resumes at the new rate once it is running.'}
    </Alert>
  );
}
