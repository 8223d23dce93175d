// Columns of the port mappings table (the shared DataTable).
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { PortMapping } from '../../../../../../shared/api/clusters/ports';
import { CopyButton } from '../../../../components/CopyButton';
import type { Column } from '../../../../components/DataTable';
import { MONO_FONT } from '../../../../lib/fonts';
import { formatDateTime } from '../../../../platform/relative-time';
import { accessSummary } from './port-form';

export interface PortActions {
  edit(port: PortMapping): void;
  remove(port: PortMapping): void;
}

const HEALTH_COLOR = { healthy: 'success', unhealthy: 'error', unknown: 'default' } as const;

function HealthChip({ port }: { port: PortMapping }) {
  if (!port.health_check.enabled) return <Chip size="small" variant="outlined" label="no check" data-testid="port-health" />;
  const status = port.health_status ?? 'unknown';
  const last = port.health_check.last_check ? `Last check ${formatDateTime(port.health_check.last_check)}` : 'Not checked yet';
  const failures = port.health_check.consecutive_failures > 0 ? ` · ${port.health_check.consecutive_failures} failures in a row` : '';
  return (
    <Tooltip title={`${port.health_check.path} every ${port.health_check.interval_seconds}s · ${last}${failures}`}>
      <Chip
        size="small"
        color={HEALTH_COLOR[status]}
        variant={status === 'healthy' ? 'filled' : 'outlined'}
        label={status}
        data-testid="port-health"
      />
    </Tooltip>
  );
}

function AccessCell({ port }: { port: PortMapping }) {
  const ac = port.access_control;
  const parts = accessSummary(ac);
  const detail = [
    ac.public_access ? 'Public: reachable without signing in' : ac.authentication_required ? 'Sign-in required' : 'No sign-in',
    ac.allowed_users.length > 0 ? `Users: ${ac.allowed_users.join(', ')}` : null,
    ac.ip_whitelist.length > 0 ? `IPs: ${ac.ip_whitelist.join(', ')}` : null,
    ac.rate_limit ? `Rate limit ${ac.rate_limit.requests_per_minute}/min, burst ${ac.rate_limit.burst_size}` : null,
  ].filter(Boolean);
  return (
    <Tooltip title={detail.join(' · ')}>
      <Stack direction="row" spacing={0.5} sx={{ overflow: 'hidden' }} data-testid="port-access">
        {parts.map((p) => (
          <Chip
            key={p}
            size="small"
            label={p}
            color={p === 'Public' ? 'warning' : 'default'}
            variant="outlined"
            sx={{ height: 22, fontSize: 12 }}
          />
        ))}
      </Stack>
    </Tooltip>
  );
}

export function portColumns(actions: PortActions): Column<PortMapping>[] {
  return [
    {
      id: 'mapping',
      header: 'Internal → external',
      width: '200px',
      sortValue: (p) => p.internal_port,
      render: (p) => (
        <Typography variant="body2" sx={{ fontFamily: MONO_FONT }} data-testid="port-mapping">
          {p.internal_port} → {p.external_port}
        </Typography>
      ),
    },
    { id: 'protocol', header: 'Proto', width: '72px', sortValue: (p) => p.protocol, render: (p) => p.protocol.toUpperCase() },
    {
      id: 'description',
      header: 'Description',
      width: 'minmax(140px, 1.2fr)',
      sortValue: (p) => p.description.toLowerCase(),
      render: (p) => <span title={p.description}>{p.description}</span>,
    },
    {
      id: 'url',
      header: 'URL',
      width: 'minmax(170px, 1.5fr)',
      render: (p) => (
        <Stack direction="row" sx={{ alignItems: 'center', minWidth: 0 }} onClick={(e) => e.stopPropagation()}>
          {/* Cut from the left: the port at the end is what tells mappings apart. */}
          <Box
            component="span"
            title={p.url}
            sx={{
              fontFamily: MONO_FONT,
              fontSize: 12,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              minWidth: 0,
              direction: 'rtl',
              textAlign: 'left',
            }}
          >
            <bdi dir="ltr" data-testid="port-url">
              {p.url}
            </bdi>
          </Box>
          <CopyButton value={p.url} label={`Copy URL of port ${p.internal_port}`} />
        </Stack>
      ),
    },
    { id: 'health', header: 'Health', width: '104px', sortValue: (p) => p.health_status ?? '', render: (p) => <HealthChip port={p} /> },
    { id: 'access', header: 'Access', width: 'minmax(230px, 1.4fr)', render: (p) => <AccessCell port={p} /> },
    {
      id: 'actions',
      header: '',
      width: '84px',
      align: 'right',
      render: (p) => (
        <Stack direction="row" spacing={0.25} sx={{ justifyContent: 'flex-end' }} onClick={(e) => e.stopPropagation()}>
          <Tooltip title="Edit">
            <IconButton size="small" aria-label={`Edit port ${p.internal_port}`} onClick={() => actions.edit(p)}>
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton size="small" color="error" aria-label={`Delete port ${p.internal_port}`} onClick={() => actions.remove(p)}>
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      ),
    },
  ];
}
