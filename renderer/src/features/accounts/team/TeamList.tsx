// /team (`?role=admin&status=expired&q=ada`): every member and invitation, loaded once and
// filtered here (thousands of members filter within a frame), the role counts, inline role
// changes, the invitation actions, removal, and bulk actions over the selection the filter shows.
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { TeamMember } from '../../../../../shared/api/accounts/team';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListPage } from '../../../components/ListPage';
import { SelectFilter } from '../../../components/SelectFilter';
import { EmptyState } from '../../../components/StateViews';
import { navigate } from '../../../platform/navigation/hash-router';
import { notify } from '../../../platform/notifications-store';
import { notifyFailure } from './notify-failure';
import { serverNow } from '../../../platform/server-clock';
import { useServerList } from '../../../platform/use-server-list';
import { BulkDialog } from './BulkDialog';
import { memberName } from './MemberBits';
import { RemoveMemberDialog } from './RemoveMemberDialog';
import { memberColumns } from './team-columns';
import {
  effectiveSelection,
  filterMembers,
  headerCheck,
  invitationExpiryText,
  MEMBER_STATES,
  searchText,
  STATE_LABEL,
  teamOrder,
  toggleAllVisible,
  type MemberState,
} from './team-logic';
import { memberPath } from './team-route';
import { BULK_TITLES } from './bulk-form';
import { countsLine } from './team-words';
import { useTeam, type BulkOperation, type TeamState } from './team-store';

// Each member's search text, computed once per member object (a reload brings new objects).
const texts = new WeakMap<TeamMember, string>();
const textOf = (m: TeamMember) => {
  let t = texts.get(m);
  if (t === undefined) texts.set(m, (t = searchText(m)));
  return t;
};

const config = {
  store: useTeam,
  rows: (s: TeamState) => s.members,
  url: { role: '', status: '' },
  filters: () => null,
  select: (members: readonly TeamMember[], text: string, params: { role: string; status: string }) =>
    filterMembers(teamOrder(members), { role: params.role, status: params.status as MemberState | '', q: text }, serverNow(), textOf),
  ensureOnMount: true,
};

const TABLE = {
  label: 'Team members',
  rowKey: (m: TeamMember) => m.id,
  onRowActivate: (m: TeamMember) => navigate(memberPath(m.id)),
  rowTestId: (m: TeamMember) => `member-row-${m.id}`,
  rowHeight: 52,
};

export function TeamList({ onInvite }: { onInvite(): void }) {
  const list = useServerList({ ...config, keys: useMemo(() => ({ n: onInvite }), [onInvite]) });
  const counts = useTeam((s) => s.counts);
  const roles = useTeam((s) => s.roles);
  const roleNames = useTeam((s) => s.roleNames);
  const inviteLinks = useTeam((s) => s.inviteLinks);
  // Known once an answer names the caller (team-store); until then only the owner is kept out.
  const selfId = useTeam((s) => s.selfId);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [bulk, setBulk] = useState<BulkOperation | null>(null);
  const [cancelling, setCancelling] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  // The invitation stays named while its confirmation closes.
  const lastCancel = useRef<TeamMember | null>(null);
  if (cancelling) lastCancel.current = cancelling;
  const shownCancel = cancelling ?? lastCancel.current;
  const roleName = useCallback((key: string) => roleNames[key] ?? key, [roleNames]);

  // The selection follows the filter: what it does not show is not acted on.
  const chosen = useMemo(() => effectiveSelection(selected, list.rows, selfId), [selected, list.rows, selfId]);
  const check = headerCheck(selected, list.rows, selfId);

  const resend = useCallback(async (m: TeamMember) => {
    try {
      await useTeam.getState().resend(m);
      const renewed = useTeam.getState().members.find((x) => x.id === m.id);
      const expiry = renewed ? invitationExpiryText(renewed, serverNow()) : null;
      notify('success', `Invitation to ${m.email} sent again${expiry ? `; ${expiry.toLowerCase()}` : ''}`);
    } catch (e) {
      notifyFailure(`Could not resend the invitation to ${m.email}`, e);
    }
  }, []);
  const columns = useMemo(
    () =>
      memberColumns(
        {
          selected: (id) => selected.has(id),
          toggle: (m) =>
            setSelected((s) => {
              const next = new Set(s);
              if (next.has(m.id)) next.delete(m.id);
              else next.add(m.id);
              return next;
            }),
          resend: (m) => void resend(m),
          cancel: setCancelling,
          remove: setRemoving,
          inviteLink: (m) => m.inviteUrl ?? (m.invitationId ? (inviteLinks[m.invitationId] ?? null) : null),
          onCopyError: (message) => notify('error', message),
          selfId: selfId,
        },
        serverNow,
      ),
    [selected, resend, inviteLinks, selfId],
  );

  const roleOptions = useMemo(() => {
    const keys = new Set(['owner', ...roles.map((r) => r.key), ...list.all.map((m) => m.role)]);
    return [...keys];
  }, [roles, list.all]);

  const invite = (props: object) => (
    <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={onInvite} {...props}>
      Invite members
    </Button>
  );

  const filters = (
    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <SelectFilter
        label="Role"
        value={list.params.role}
        options={roleOptions}
        optionLabel={roleName}
        onChange={(role) => list.setParams({ role })}
        testId="team-role-filter"
      />
      <SelectFilter
        label="Status"
        value={list.params.status as MemberState | ''}
        options={MEMBER_STATES}
        optionLabel={(s) => STATE_LABEL[s]}
        onChange={(status) => list.setParams({ status })}
        width={190}
        testId="team-status-filter"
      />
      <FormControlLabel
        control={
          <Checkbox
            size="small"
            checked={check === 'all'}
            indeterminate={check === 'some'}
            onChange={() => setSelected(toggleAllVisible(selected, list.rows, selfId))}
            disabled={list.rows.length === 0}
          />
        }
        label={<Typography variant="body2">Select all shown</Typography>}
      />
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1, textAlign: 'right' }} data-testid="team-counts">
        {counts ? countsLine(counts, list.all.length, roleName) : ''}
        {list.narrowed && list.all.length > 0 ? ` · ${list.rows.length.toLocaleString()} shown` : ''}
      </Typography>
    </Stack>
  );

  const bulkBar =
    chosen.length > 0 ? (
      <Paper variant="outlined" sx={{ px: 2, py: 1, bgcolor: 'action.selected' }} data-testid="bulk-bar">
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600, flex: 1 }}>
            {chosen.length.toLocaleString()} selected{list.narrowed ? ' (of those the filter shows)' : ''}
          </Typography>
          {(['update_role', 'update_department', 'reactivate', 'suspend'] as const).map((op) => (
            <Button key={op} size="small" variant="outlined" color={op === 'suspend' ? 'error' : 'primary'} onClick={() => setBulk(op)}>
              {BULK_TITLES[op]}
            </Button>
          ))}
          <Button size="small" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </Stack>
      </Paper>
    ) : null;

  return (
    <ListPage
      title="Team"
      description="Members of this account and the people invited to join. Roles decide what each member’s keys may do."
      {...list.page}
      filter={{ ...list.page.filter, placeholder: 'Filter members  /', label: 'Filter members' }}
      refreshLabel="Refresh members"
      actions={invite({ disabled: list.page.status !== 'ready', 'data-testid': 'invite-button' })}
      filters={filters}
      notice={bulkBar}
      errorTitle="Could not load the team"
      table={{
        ...TABLE,
        ...list.table,
        columns,
        empty:
          list.all.length > 0 ? (
            <EmptyState title="No members match the filters">
              <span>
                None of the {list.all.length.toLocaleString()} members has this role, status or text.{' '}
                <Button size="small" onClick={list.clearFilters}>
                  Clear filters
                </Button>
              </span>
            </EmptyState>
          ) : (
            <EmptyState icon={<GroupOutlined />} title="No team members yet" action={invite({})}>
              Invite the people who work with this account, each with the role that fits what they do.
            </EmptyState>
          ),
      }}
    >
      <BulkDialog operation={bulk} members={chosen} onClose={() => setBulk(null)} onDone={() => setSelected(new Set())} />
      <ConfirmDialog
        open={cancelling !== null}
        title={`Cancel the invitation to ${shownCancel?.email ?? ''}?`}
        confirmLabel="Cancel invitation"
        cancelLabel="Keep it"
        destructive
        onConfirm={async () => {
          await useTeam.getState().cancel(shownCancel!);
          notify('success', `Invitation to ${shownCancel!.email} cancelled`);
        }}
        onClose={() => setCancelling(null)}
      >
        The invitation link stops working at once and {shownCancel ? memberName(shownCancel) : ''} leaves the list. To invite them later,
        send a new invitation.
      </ConfirmDialog>
      <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />
    </ListPage>
  );
}
