// Column declarations of the chaos rules table (the shared DataTable).
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ChaosRule } from '../../../../shared/api/emulator-admin';
import type { Column } from '../../components/DataTable';
import { MONO_FONT } from '../../lib/fonts';
import { formatRate } from './chaos-form';

/** A rule with its place in the list (rules apply in order; the first match wins). */
export interface ChaosRow {
  index: number;
  rule: ChaosRule;
}

export interface ChaosActions {
  edit(row: ChaosRow): void;
  remove(row: ChaosRow): void;
}

const mono = { fontFamily: MONO_FONT, fontSize: 13 };

export function chaosColumns(actions: ChaosActions, busy: boolean): Column<ChaosRow>[] {
  return [
    { id: 'order', header: '#', width: '44px', render: (r) => r.index + 1 },
    {
      id: 'route',
      header: 'Route pattern',
      width: 'minmax(220px, 2fr)',
      render: (r) => (
        <Typography variant="body2" noWrap title={r.rule.route} sx={mono}>
          {r.rule.route}
        </Typography>
      ),
    },
    { id: 'method', header: 'Method', width: '84px', render: (r) => r.rule.method ?? 'Any' },
    { id: 'latency', header: 'Latency', width: '96px', align: 'right', render: (r) => `${r.rule.latencyMs.toLocaleString('en-US')} ms` },
    { id: 'rate', header: 'Error rate', width: '120px', align: 'right', render: (r) => formatRate(r.rule.errorRate) },
    { id: 'status', header: 'Status', width: '72px', align: 'right', render: (r) => (r.rule.errorRate > 0 ? r.rule.status : '—') },
    {
      id: 'code',
      header: 'Code',
      width: 'minmax(170px, 1fr)',
      render: (r) => (
        <Typography variant="body2" noWrap title={r.rule.code} sx={mono}>
          {r.rule.errorRate > 0 ? r.rule.code : '—'}
        </Typography>
      ),
    },
    {
      id: 'actions',
      header: '',
      width: '88px',
      align: 'right',
      render: (r) => (
        <Stack direction="row" spacing={0.5}>
          <Tooltip title="Edit rule">
            <span>
              <IconButton size="small" aria-label={`Edit rule ${r.rule.route}`} disabled={busy} onClick={() => actions.edit(r)}>
                <EditOutlined fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Remove rule">
            <span>
              <IconButton size="small" aria-label={`Remove rule ${r.rule.route}`} disabled={busy} onClick={() => actions.remove(r)}>
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      ),
    },
  ];
}
