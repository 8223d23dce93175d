// The Grants tab: every permission grant with its member, what it grants on which scopes and
// resources, why, who granted it and when, and its expiry as a live countdown on the server's
// clock; filtered by state (in the address); revoking asks first; "Grant…" opens the dialog.
import Add from '@mui/icons-material/Add';
import KeyOff from '@mui/icons-material/KeyOff';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { GrantStatus, type Grant } from '../../../../../../shared/api/accounts/grants';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../../components/DataTable';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { SelectFilter } from '../../../../components/SelectFilter';
import { EmptyState } from '../../../../components/StateViews';
import { TwoLineCell } from '../../../../components/TwoLineCell';
import { useUrlState } from '../../../../platform/navigation/url-state';
import { formatDateTime, relativeTime } from '../../../../platform/relative-time';
import { onServerClockChange, serverNow } from '../../../../platform/server-clock';
import { useMemberLookup, userLabel, useTeamDirectory } from '../../../../platform/team-directory';
import { expiryText, grantStateAt, tickFor } from './countdown';
import { GrantDialog } from './GrantDialog';
import { useGrants } from './grants-store';

const URL_DEFAULTS = { status: '' };

const STATE_COLOUR = { active: 'success', expired: 'warning', revoked: 'default' } as const;

/** The server's now, ticking as fast as the nearest expiry needs. */
function useCountdownNow(expiries: ReadonlyArray<string | null>): number {
  const [now, setNow] = useState(serverNow);
  const every = tickFor(expiries, now);
  useEffect(() => {
    const t = setInterval(() => setNow(serverNow()), every);
    const off = onServerClockChange(() => setNow(serverNow()));
    return () => {
      clearInterval(t);
      off();
    };
  }, [every]);
  return now;
}

export function GrantsTab() {
  const { grants, status, error } = useGrants();
  const member = useMemberLookup();
  const [{ status: filter }, setParams] = useUrlState(URL_DEFAULTS);
  const [granting, setGranting] = useState(false);
  const [revoking, setRevoking] = useState<Grant | null>(null);
  useEffect(() => {
    void useGrants.getState().ensureLoaded();
    void useTeamDirectory.getState().ensureLoaded();
  }, []);
  const now = useCountdownNow(useMemo(() => grants.map((g) => g.expiresAt), [grants]));
  const rows = useMemo(
    () => grants.map((g) => ({ ...g, state: grantStateAt(g, now) })).filter((g) => !filter || g.state === filter),
    [grants, now, filter],
  );
  type Row = (typeof rows)[number];
  const columns: Column<Row>[] = [
    {
      id: 'member',
      header: 'Member',
      width: 'minmax(180px, 1.4fr)',
      render: (g) => {
        const m = member(g.userId);
        return <TwoLineCell primary={m?.name ?? m?.email ?? g.userId} secondary={m ? `${m.email} · ${m.role}` : 'not a member now'} />;
      },
      sortValue: (g) => userLabel(g.userId, member(g.userId)),
    },
    {
      id: 'access',
      header: 'Grants',
      width: 'minmax(180px, 1.4fr)',
      render: (g) => (
        <TwoLineCell
          primary={g.permissions.join(', ')}
          secondary={`on ${g.scopes.join(', ')}${g.resources ? ` · ${g.resources.length} ${g.resources.length === 1 ? 'resource' : 'resources'}` : ''}`}
          title={`${g.permissions.join(', ')} on ${g.scopes.join(', ')}${g.resources ? `\nResources: ${g.resources.join(', ')}` : '\nEvery resource of the scopes'}`}
        />
      ),
    },
    {
      id: 'reason',
      header: 'Reason',
      width: 'minmax(140px, 1fr)',
      render: (g) => <TwoLineCell primary={g.reason ?? '—'} />,
    },
    {
      id: 'granted',
      header: 'Granted',
      width: 'minmax(150px, 1fr)',
      render: (g) => (
        <TwoLineCell
          primary={relativeTime(g.grantedAt, now)}
          secondary={`by ${member(g.grantedBy)?.name ?? g.grantedBy}`}
          title={`${formatDateTime(g.grantedAt)} by ${userLabel(g.grantedBy, member(g.grantedBy))}`}
        />
      ),
      sortValue: (g) => g.grantedAt,
    },
    {
      id: 'expiry',
      header: 'Expiry',
      width: 'minmax(170px, 1fr)',
      render: (g) =>
        g.state === 'revoked' ? (
          <TwoLineCell
            primary={`revoked ${relativeTime(g.revokedAt, now)}`}
            secondary={g.revokedBy ? `by ${member(g.revokedBy)?.name ?? g.revokedBy}` : undefined}
          />
        ) : (
          <TwoLineCell primary={expiryText(g.expiresAt, now)} secondary={g.expiresAt ? formatDateTime(g.expiresAt) : undefined} />
        ),
      sortValue: (g) => g.expiresAt ?? '9999',
    },
    {
      id: 'state',
      header: 'State',
      width: '96px',
      render: (g) => <Chip size="small" label={g.state} color={STATE_COLOUR[g.state]} variant="outlined" />,
      sortValue: (g) => g.state,
    },
    {
      id: 'actions',
      header: '',
      width: '104px',
      align: 'right',
      render: (g) =>
        g.state === 'active' ? (
          <Button size="small" color="error" startIcon={<KeyOff />} onClick={() => setRevoking(g)} aria-label={`Revoke grant ${g.id}`}>
            Revoke
          </Button>
        ) : null,
    },
  ];
  const who = revoking ? userLabel(revoking.userId, member(revoking.userId)) : '';
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <SelectFilter
          label="State"
          value={filter as GrantStatus | ''}
          options={GrantStatus.options}
          onChange={(v) => setParams({ status: v })}
        />
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {status === 'ready' ? `${rows.length} ${rows.length === 1 ? 'grant' : 'grants'}${filter ? ` ${filter}` : ''}` : ''}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setGranting(true)}>
          Grant…
        </Button>
      </Stack>
      {status === 'error' && error && <ErrorAlert error={error} />}
      <DataTable
        label="Permission grants"
        rows={rows}
        columns={columns}
        rowKey={(g) => g.id}
        rowTestId={(g) => `grant-row-${g.id}`}
        loading={status === 'loading' || status === 'idle'}
        rowHeight={56}
        initialSort={{ columnId: 'granted', direction: 'desc' }}
        empty={
          <EmptyState title={filter ? `No ${filter} grants` : 'No grants yet'}>
            A grant gives a member permissions beyond their role, on some scopes or resources, for a while or until revoked. Use Grant… to
            give one.
          </EmptyState>
        }
      />
      <GrantDialog open={granting} onClose={() => setGranting(false)} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this grant?"
        confirmLabel="Revoke grant"
        destructive
        onConfirm={() => useGrants.getState().revoke(revoking!.id)}
        onClose={() => setRevoking(null)}
      >
        {revoking &&
          `${who} loses ${revoking.permissions.join(', ')} on ${revoking.scopes.join(', ')}${revoking.resources ? ` for ${revoking.resources.join(', ')}` : ''} at once, unless their role holds it. A revoked grant cannot be restored: grant again to give it back.`}
      </ConfirmDialog>
    </Stack>
  );
}
