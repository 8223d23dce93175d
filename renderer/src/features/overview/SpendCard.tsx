// Spend today and this month against the cost alerts (usage.detailed over today, usage.alerts).
// Billing data: a key without the billing scope is refused (403), which the card says in words
// with what to do rather than as an error. Its reads count against the usage API's 100 an
// hour, so it refreshes at most every 5 minutes (slower when the read budget says so) and says so.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RefreshPace } from '../../../../shared/ipc/streams';
import type { NormalizedError } from '../../../../shared/api/errors';
import { Figure } from '../../components/Figure';
import { refreshPaceText } from '../../components/RefreshPaceNote';
import { formatDuration } from '../../components/error-details';
import { formatMoney } from '../../lib/money';
import { relativeTime } from '../../platform/relative-time';
import { OverviewCard, PercentBar } from './OverviewCard';
import { alertFigures, alertsByUrgency, monthlyRangeText, SPEND_REFRESH_MS, spendToday } from './overview-format';
import { useSpend } from './overview-store';

/** The alerts listed (the nearest to their threshold). */
const ALERTS_SHOWN = 4;

/** A refusal for the missing billing scope (the usage routes' 403), told apart from other failures. */
export const lacksBillingScope = (error: NormalizedError | null) => error?.status === 403 && error.details.requiredScope === 'billing';

function BillingRefusal() {
  return (
    <Box data-testid="spend-billing-scope">
      <Typography variant="h6" component="p" gutterBottom>
        Spending needs a key with the billing scope
      </Typography>
      <Typography variant="body2" color="text.secondary">
        The active profile’s key may not read usage and costs: they are billing data. Use a profile whose key has the <b>billing</b> scope,
        or create one in <Link href="#/api-keys">API keys</Link>.
      </Typography>
    </Box>
  );
}

const TONE = { ok: 'ok', warning: 'warning', triggered: 'error' } as const;
const CHIP = { ok: 'success', warning: 'warning', triggered: 'error' } as const;

export function SpendCard({ pace, onRefresh }: { pace: RefreshPace | null; onRefresh(): void }) {
  const state = useSpend();
  const refused = lacksBillingScope(state.error);
  const spend = state.data;
  const currency = spend?.detailed.currency ?? 'USD';
  const alerts = spend ? alertsByUrgency(spend.alerts.alerts) : [];
  const paceText = refreshPaceText(pace) ?? `Read every ${formatDuration(SPEND_REFRESH_MS / 1000)}: usage reads count against 100 an hour.`;
  return (
    <OverviewCard
      title="Spend"
      href="/usage"
      linkLabel="Usage"
      state={state}
      onRetry={onRefresh}
      testId="overview-spend"
      refusal={refused ? <BillingRefusal /> : undefined}
      footer={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }} data-testid="spend-pace">
          <Typography variant="caption" color="text.secondary" sx={{ flex: 1, minWidth: 0 }}>
            {paceText}
          </Typography>
          <Button size="small" onClick={onRefresh} disabled={state.refreshing} sx={{ flexShrink: 0 }}>
            Refresh now
          </Button>
        </Stack>
      }
    >
      {spend && (
        <Stack spacing={2}>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 2 }}>
            <Figure
              label="Today"
              value={formatMoney(spendToday(spend.detailed), currency)}
              hint={`since midnight, ${spend.detailed.timezone}`}
              testId="spend-today"
            />
            <Figure label="This month" value={formatMoney(spend.detailed.projections.monthToDate, currency)} testId="spend-month" />
            <Figure
              label="Month estimate"
              value={formatMoney(spend.detailed.projections.monthlyEstimate, currency)}
              hint={monthlyRangeText(spend.detailed.projections, currency)}
              testId="spend-estimate"
            />
          </Box>
          {alerts.length === 0 ? (
            <Typography variant="body2" color="text.secondary" data-testid="spend-no-alerts">
              No cost alert is set: add one in <Link href="#/settings">Settings</Link> to hear when spending crosses it.
            </Typography>
          ) : (
            <Stack spacing={1.25} component="ul" aria-label="Cost alerts" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {alerts.slice(0, ALERTS_SHOWN).map((alert) => (
                <Box component="li" key={alert.id} data-testid={`spend-alert-${alert.id}`} sx={{ minWidth: 0 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 500, flex: 1, minWidth: 0 }} noWrap title={alert.name}>
                      {alert.name}
                      <Typography component="span" variant="caption" color="text.secondary">
                        {' '}
                        · {alert.period}
                      </Typography>
                    </Typography>
                    <Typography
                      variant="body2"
                      sx={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}
                      data-testid="spend-alert-figures"
                    >
                      {alertFigures(alert)}
                    </Typography>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={CHIP[alert.status]}
                      label={alert.status}
                      data-testid="spend-alert-status"
                    />
                  </Stack>
                  <PercentBar
                    value={alert.percentage}
                    label={`${alert.name}: ${Math.round(alert.percentage)} % of its threshold`}
                    tone={TONE[alert.status]}
                  />
                  {alert.triggeredAt && (
                    <Typography variant="caption" color="text.secondary" data-testid="spend-alert-reached">
                      Reached {relativeTime(alert.triggeredAt)}
                    </Typography>
                  )}
                </Box>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </OverviewCard>
  );
}
