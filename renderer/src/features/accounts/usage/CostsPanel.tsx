// Where the money went: the period's cost by resource (the default: every cost leads to the
// resource that spent it, a click opens it), service, region or team, in the currency picked,
// each item with its split by service, as the costs route answers them.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import type { CostsQuery, CostsResponse, UsageCurrency, UsagePeriod } from '../../../../../shared/api/accounts/usage';
import { DataTable, type Column } from '../../../components/DataTable';
import { Section } from '../../../components/Section';
import { EmptyState } from '../../../components/StateViews';
import { TwoLineCell } from '../../../components/TwoLineCell';
import { formatMoney } from '../../../lib/money';
import { navigate } from '../../../platform/navigation/hash-router';
import { percentText, RESOURCE_TYPE_NAMES, resourcePath, resourceTypeOf, SERVICE_NAMES } from './usage-format';
import { CURRENCIES } from './usage-params';
import { useUsage } from './usage-store';
import { PanelPending } from './UsageStates';
import { useUsageRead } from './use-usage-read';

type Breakdown = CostsQuery['breakdown'];
type Item = CostsResponse['breakdown']['items'][number];

const BREAKDOWNS: ReadonlyArray<[Breakdown, string]> = [
  ['resource', 'Resource'],
  ['service', 'Service'],
  ['region', 'Region'],
  ['team', 'Team'],
];

function itemPath(by: Breakdown, item: Item): string | null {
  return by === 'resource' ? resourcePath(resourceTypeOf(item.key), item.key) : null;
}

function columns(by: Breakdown, currency: UsageCurrency): Column<Item>[] {
  const money = (v: number) => formatMoney(v, currency);
  const split = (['compute', 'storage', 'dataTransfer'] as const).map((s): Column<Item> => ({
    id: s,
    header: SERVICE_NAMES[s],
    width: '140px',
    align: 'right',
    render: (i) => money(i.services[s]),
    sortValue: (i) => i.services[s],
  }));
  return [
    {
      id: 'name',
      header: BREAKDOWNS.find(([b]) => b === by)![1],
      width: 'minmax(260px, 3fr)',
      render: (item) => {
        const path = itemPath(by, item);
        const type = by === 'resource' ? resourceTypeOf(item.key) : null;
        const primary = path ? (
          <Link href={`#${path}`} onClick={(e) => e.stopPropagation()} data-testid={`usage-cost-link-${item.key}`}>
            {item.name}
          </Link>
        ) : (
          item.name
        );
        return <TwoLineCell primary={primary} secondary={type ? `${RESOURCE_TYPE_NAMES[type]} · ${item.key}` : item.key} />;
      },
      sortValue: (i) => i.name,
    },
    { id: 'cost', header: 'Cost', width: '130px', align: 'right', render: (i) => money(i.cost), sortValue: (i) => i.cost },
    {
      id: 'share',
      header: 'Share',
      width: '90px',
      align: 'right',
      render: (i) => percentText(i.percentage),
      sortValue: (i) => i.percentage,
    },
    ...(by === 'service' ? [] : split),
  ];
}

export function CostsPanel({
  period,
  breakdown,
  currency,
  onChange,
}: {
  period: UsagePeriod;
  breakdown: Breakdown;
  currency: UsageCurrency;
  onChange(patch: { by?: Breakdown; currency?: UsageCurrency }): void;
}) {
  const { data, error, reload } = useUsageRead(`costs:${period}:${breakdown}:${currency}`, () =>
    useUsage.getState().costs(period, breakdown, currency),
  );
  const cols = useMemo(() => columns(breakdown, currency), [breakdown, currency]);
  return (
    <Section
      title="Where the money went"
      description="Every cost by the resource that spent it — open one to see it — or by service, region or the member who created it"
      testId="usage-costs"
      aside={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={breakdown}
            onChange={(_, v: Breakdown | null) => v && onChange({ by: v })}
            aria-label="Break down by"
          >
            {BREAKDOWNS.map(([b, label]) => (
              <ToggleButton key={b} value={b} data-testid={`usage-by-${b}`}>
                {label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <TextField
            select
            size="small"
            label="Currency"
            value={currency}
            onChange={(e) => onChange({ currency: e.target.value as UsageCurrency })}
            sx={{ width: 110 }}
            slotProps={{ htmlInput: { 'data-testid': 'usage-currency' } }}
          >
            {CURRENCIES.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      }
    >
      {!data ? (
        <PanelPending title="Could not read the costs" error={error} onRetry={reload} height={320} />
      ) : (
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary" data-testid="usage-costs-total">
            Total {formatMoney(data.totalCost, data.currency)}
            {data.currency !== 'USD' && ` at ${data.exchangeRate} ${data.currency} to the dollar`} · week over week{' '}
            {data.trends.weekOverWeek} · month over month {data.trends.monthOverMonth}
          </Typography>
          <Box sx={{ height: 42 + 48 * Math.min(8, Math.max(3, data.breakdown.items.length)), display: 'flex' }}>
            <DataTable
              label="Costs"
              rows={data.breakdown.items}
              columns={cols}
              rowKey={(i) => i.key}
              rowTestId={(i) => `usage-cost-${i.key}`}
              initialSort={{ columnId: 'cost', direction: 'desc' }}
              onRowActivate={(i) => {
                const path = itemPath(breakdown, i);
                if (path) navigate(path);
              }}
              empty={<EmptyState title="Nothing spent in this period">Costs appear once a cluster, endpoint or job runs.</EmptyState>}
            />
          </Box>
        </Stack>
      )}
    </Section>
  );
}
