// The cost alerts (and the roles' compute-hour limits) against what is spent in their current
// period: the threshold, how far along, the status, when it was reached and who was told.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UsageAlert, UsageAlertsResponse } from '../../../../../shared/api/accounts/usage';
import { Section } from '../../../components/Section';
import { EmptyState } from '../../../components/StateViews';
import { formatMoney } from '../../../lib/money';
import { formatDateTime } from '../../../platform/relative-time';
import { hours } from './usage-format';

const STATUS: Record<UsageAlert['status'], { label: string; color: 'success' | 'warning' | 'error' }> = {
  ok: { label: 'Under', color: 'success' },
  warning: { label: 'Over 80 %', color: 'warning' },
  triggered: { label: 'Reached', color: 'error' },
};

const amount = (a: UsageAlert, v: number) => (a.type === 'cost' ? formatMoney(v) : hours(v));

function AlertRow({ alert }: { alert: UsageAlert }) {
  const status = STATUS[alert.status];
  return (
    <Box data-testid={`usage-alert-${alert.id}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap title={alert.name}>
          {alert.name}
        </Typography>
        {!alert.enabled && <Chip size="small" label="Off" variant="outlined" />}
        <Chip size="small" label={status.label} color={status.color} variant="outlined" />
      </Stack>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, alert.percentage)}
        color={status.color}
        sx={{ my: 0.5, height: 6, borderRadius: 3 }}
        aria-label={`${alert.name}: ${Math.round(alert.percentage)} % of the threshold`}
      />
      <Typography variant="caption" color="text.secondary" component="div" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {amount(alert, alert.current)} of {amount(alert, alert.threshold)}{' '}
        {alert.period === 'daily' ? 'today' : `this ${alert.period.replace('ly', '')}`}
        {alert.triggeredAt &&
          ` · reached ${formatDateTime(alert.triggeredAt)}, ${alert.notificationsSent} notification${alert.notificationsSent === 1 ? '' : 's'} sent`}
      </Typography>
    </Box>
  );
}

export function AlertsPanel({ data }: { data: UsageAlertsResponse }) {
  return (
    <Section
      title="Alerts"
      description="Cost alerts and compute-hour limits in their current period"
      testId="usage-alerts"
      variant="compact"
    >
      {data.alerts.length === 0 ? (
        <EmptyState title="No alerts set">Add monthly cost alerts in Settings → Billing: they show here and on the month chart.</EmptyState>
      ) : (
        <Stack spacing={1.5}>
          {data.alerts.map((a) => (
            <AlertRow key={a.id} alert={a} />
          ))}
        </Stack>
      )}
    </Section>
  );
}
