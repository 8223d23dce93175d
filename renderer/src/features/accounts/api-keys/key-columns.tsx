// Column declarations of the keys table; the table itself is the shared DataTable.
import Autorenew from '@mui/icons-material/Autorenew';
import Block from '@mui/icons-material/Block';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { ApiKey } from '../../../../../shared/api/accounts/api-keys';
import { CONTENT_WIDTH, type Column } from '../../../components/DataTable';
import { TagChips } from '../../../components/TagChips';
import { MONO_FONT } from '../../../lib/fonts';
import { formatDate, formatDateTime, relativeTime } from '../../../platform/relative-time';
import { useApiKeys } from './api-keys-store';
import { limitCell, limitLines, NO_KEY_LIMIT } from './key-display';
import { effectiveStatus, STATUS_RANK } from './key-status';
import { KeyStatusChip } from './KeyStatusChip';

export interface KeyActions {
  edit(key: ApiKey): void;
  rotate(key: ApiKey): void;
  revoke(key: ApiKey): void;
  /** Why the row's actions are disabled (revoked, the owner key); null when they are not. */
  blockedReason(key: ApiKey): string | null;
}

function RowAction({
  title,
  label,
  disabledReason,
  onClick,
  color,
  children,
}: {
  title: string;
  label: string;
  disabledReason: string | null;
  onClick(): void;
  color?: 'error';
  children: ReactNode;
}) {
  return (
    <Tooltip title={disabledReason ?? title}>
      <span>
        <IconButton size="small" aria-label={label} disabled={disabledReason !== null} onClick={onClick} color={color}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** "Never expires", "Expires Feb 3, 2027", "Expired Nov 15, 2026" (by the server's clock). */
function expiryCaption(expiresAt: string | null, now: number): string {
  if (!expiresAt) return 'Never expires';
  return `${Date.parse(expiresAt) <= now ? 'Expired' : 'Expires'} ${formatDate(expiresAt)}`;
}

export function keyColumns(actions: KeyActions, now: () => number): Column<ApiKey>[] {
  return [
    {
      // Name over prefix: the prefix identifies a key without revealing it, and sharing the
      // cell keeps every column, actions included, visible in a 1280-pixel-wide window. The
      // other columns are as wide as what they hold, so the name takes the rest: names of
      // about 24 characters ("Dashboard (read-only)") fit at 1,440 px with the navigation open.
      id: 'name',
      header: 'Name / prefix',
      width: 'minmax(180px, 1fr)',
      sortValue: (k) => k.name.toLowerCase(),
      render: (k) => (
        <Box sx={{ minWidth: 0 }} title={`${k.name} (${k.id})`}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {k.name}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            noWrap
            data-testid="key-prefix"
            sx={{ fontFamily: MONO_FONT, display: 'block' }}
          >
            {k.prefix}…
          </Typography>
        </Box>
      ),
    },
    // Chip rows as wide as their widest: "read write execute", "endpoints clusters" (the rest as "+N").
    { id: 'permissions', header: 'Permissions', width: '172px', render: (k) => <TagChips values={k.permissions} max={3} /> },
    { id: 'scopes', header: 'Scopes', width: '152px', render: (k) => <TagChips values={k.scopes} max={2} /> },
    {
      // Status over expiry, like name over prefix: "expired" and its date belong together,
      // and one column for both leaves the name its room. Sorted by status, then expiry.
      id: 'status',
      header: 'Status',
      // "Expired May 28, 2026" in a caption, with room for wider system fonts.
      width: '148px',
      sortValue: (k) =>
        `${STATUS_RANK[effectiveStatus(k, now())]}:${String(k.expiresAt ? Date.parse(k.expiresAt) : Number.MAX_SAFE_INTEGER).padStart(16, '0')}`,
      render: (k) => (
        <Stack spacing={0.25} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
          <KeyStatusChip status={effectiveStatus(k, now())} />
          <Tooltip title={k.expiresAt ? formatDateTime(k.expiresAt) : ''}>
            <Typography variant="caption" color="text.secondary" noWrap data-testid="key-expires">
              {expiryCaption(k.expiresAt, now())}
            </Typography>
          </Tooltip>
        </Stack>
      ),
    },
    {
      id: 'lastUsed',
      header: 'Last used',
      width: CONTENT_WIDTH.relativeTime,
      sortValue: (k) => (k.lastUsed ? Date.parse(k.lastUsed) : 0),
      render: (k) => (
        <Tooltip title={k.lastUsed ? formatDateTime(k.lastUsed) : 'Never used'}>
          <span>{relativeTime(k.lastUsed, now())}</span>
        </Tooltip>
      ),
    },
    {
      id: 'usage',
      header: 'Requests',
      width: '96px',
      align: 'right',
      sortValue: (k) => k.usageCount,
      render: (k) => k.usageCount.toLocaleString(),
    },
    {
      id: 'limits',
      header: 'Per-key limits',
      width: '132px',
      sortValue: (k) => k.rateLimit.reads + k.rateLimit.writes + k.rateLimit.executions,
      render: (k) => {
        const cell = limitCell(k.rateLimit);
        return (
          <Tooltip title={limitLines(k.rateLimit).join(' · ')}>
            <Typography variant="body2" noWrap color={cell ? 'text.primary' : 'text.secondary'} data-testid="key-limits-cell">
              {cell ?? NO_KEY_LIMIT[0]!.toUpperCase() + NO_KEY_LIMIT.slice(1)}
            </Typography>
          </Tooltip>
        );
      },
    },
    {
      id: 'actions',
      header: '',
      width: '112px',
      align: 'right',
      render: (k) => {
        const why = actions.blockedReason(k);
        return (
          <Stack direction="row" spacing={0.25} sx={{ justifyContent: 'flex-end' }} onClick={(e) => e.stopPropagation()}>
            <RowAction title="Edit" label={`Edit ${k.name}`} disabledReason={why} onClick={() => actions.edit(k)}>
              <EditOutlined fontSize="small" />
            </RowAction>
            <RowAction title="Rotate" label={`Rotate ${k.name}`} disabledReason={why} onClick={() => actions.rotate(k)}>
              <Autorenew fontSize="small" />
            </RowAction>
            <RowAction title="Revoke" label={`Revoke ${k.name}`} disabledReason={why} onClick={() => actions.revoke(k)} color="error">
              <Block fontSize="small" />
            </RowAction>
          </Stack>
        );
      },
    },
  ];
}

/** The keys table's fixed part (ListPage's `table` adds the columns, rows, sort and empty state): a row opens its usage. */
export const KEY_TABLE = {
  label: 'API keys',
  rowKey: (k: ApiKey) => k.id,
  onRowActivate: (k: ApiKey) => void useApiKeys.getState().loadUsage(k.id),
  rowTestId: (k: ApiKey) => `key-row-${k.id}`,
};
