// Serverless endpoint usage: executions, GPU-hours, cost and success per endpoint (each a link
// to the endpoint), with the members who executed most.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import type { EndpointUsageEntry, UsageCurrency, UsagePeriod } from '../../../../../shared/api/accounts/usage';
import type { TeamMember } from '../../../../../shared/api/accounts/team';
import { DataTable, type Column } from '../../../components/DataTable';
import { Section } from '../../../components/Section';
import { EmptyState } from '../../../components/StateViews';
import { TwoLineCell } from '../../../components/TwoLineCell';
import { formatMoney } from '../../../lib/money';
import { navigate } from '../../../platform/navigation/hash-router';
import { useMemberLookup, userLabel, useTeamDirectory } from '../../../platform/team-directory';
import { count, hours, percentText, resourcePath, smallMoney } from './usage-format';
import { useUsage } from './usage-store';
import { PanelPending } from './UsageStates';
import { useUsageRead } from './use-usage-read';

const columns = (currency: UsageCurrency, member: (id: string) => TeamMember | undefined): Column<EndpointUsageEntry>[] => [
  {
    id: 'name',
    header: 'Endpoint',
    width: 'minmax(200px, 2fr)',
    render: (e) => (
      <TwoLineCell
        primary={
          <Link href={`#${resourcePath('endpoint', e.endpointId)}`} onClick={(ev) => ev.stopPropagation()}>
            {e.name}
          </Link>
        }
        secondary={e.endpointId}
      />
    ),
    sortValue: (e) => e.name,
  },
  {
    id: 'executions',
    header: 'Executions',
    width: '136px',
    align: 'right',
    render: (e) => count(e.executions),
    sortValue: (e) => e.executions,
  },
  {
    id: 'hours',
    header: 'GPU-hours',
    width: '124px',
    align: 'right',
    render: (e) => hours(e.computeHours),
    sortValue: (e) => e.computeHours,
  },
  { id: 'cost', header: 'Cost', width: '110px', align: 'right', render: (e) => formatMoney(e.cost, currency), sortValue: (e) => e.cost },
  {
    id: 'success',
    header: 'Succeeded',
    width: '124px',
    align: 'right',
    render: (e) => percentText(e.successRate),
    sortValue: (e) => e.successRate ?? -1,
  },
  {
    id: 'users',
    header: 'Top users',
    width: 'minmax(220px, 2fr)',
    render: (e) =>
      e.topUsers.length === 0 ? (
        '—'
      ) : (
        <Typography
          variant="body2"
          noWrap
          title={e.topUsers.map((u) => `${userLabel(u.userId, member(u.userId))}: ${percentText(u.percentage)}`).join('\n')}
        >
          {e.topUsers
            .slice(0, 3)
            .map((u) => `${member(u.userId)?.name ?? u.userId} ${percentText(u.percentage)}`)
            .join(' · ')}
        </Typography>
      ),
  },
];

export function EndpointsPanel({ period }: { period: UsagePeriod }) {
  const { data, error, reload } = useUsageRead(`endpoints:${period}`, () => useUsage.getState().endpoints(period));
  const member = useMemberLookup();
  useEffect(
    () =>
      void useTeamDirectory
        .getState()
        .ensureLoaded()
        .catch(() => undefined),
    [],
  );
  const cols = useMemo(() => (data ? columns(data.currency, member) : []), [data, member]);
  return (
    <Section
      title="Endpoint usage"
      description={
        data?.summary.mostUsedEndpoint
          ? `${count(data.summary.totalExecutions)} executions, ${formatMoney(data.summary.totalCost, data.currency)}; ${
              data.summary.averageExecutionCost === null
                ? ''
                : `${smallMoney(data.summary.averageExecutionCost, data.currency)} an execution on average`
            }`
          : 'Executions, GPU-hours and cost per serverless endpoint, with who executed most'
      }
      testId="usage-endpoints"
    >
      {!data ? (
        <PanelPending title="Could not read the endpoint usage" error={error} onRetry={reload} height={200} />
      ) : (
        <Box sx={{ height: 42 + 48 * Math.min(6, Math.max(2, data.endpointUsage.length)), display: 'flex' }}>
          <DataTable
            label="Endpoint usage"
            rows={data.endpointUsage}
            columns={cols}
            rowKey={(e) => e.endpointId}
            initialSort={{ columnId: 'cost', direction: 'desc' }}
            onRowActivate={(e) => navigate(resourcePath('endpoint', e.endpointId)!)}
            empty={<EmptyState title="No endpoint ran in this period">Executions of serverless endpoints show here.</EmptyState>}
          />
        </Box>
      )}
    </Section>
  );
}
