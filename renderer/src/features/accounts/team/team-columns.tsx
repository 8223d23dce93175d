// Column declarations of the members table (the table is the shared DataTable): the bulk
// checkbox, the person, the role (changed in place), the state with an invitation's expiry,
// department and title, last activity, and the row's actions (an invitation's resend, copy link
// and cancel; a member's removal).
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import LinkOff from '@mui/icons-material/LinkOff';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { TeamMember } from '../../../../../shared/api/accounts/team';
import { CopyButton } from '../../../components/CopyButton';
import { CONTENT_WIDTH, type Column } from '../../../components/DataTable';
import { TwoLineCell } from '../../../components/TwoLineCell';
import { formatDateTime, relativeTime } from '../../../platform/relative-time';
import { MemberAvatar } from '../MemberAvatar';
import { InvitationExpiry, MemberStateChip, memberName, RoleSelect } from './MemberBits';
import { bulkExclusion, memberState, MEMBER_STATES, roleLock } from './team-logic';

export interface MemberActions {
  /** Whether the member is in the bulk selection. */
  selected(id: string): boolean;
  toggle(member: TeamMember): void;
  resend(member: TeamMember): void;
  cancel(member: TeamMember): void;
  remove(member: TeamMember): void;
  /** The invitation's link, when this console was handed it. */
  inviteLink(member: TeamMember): string | null;
  onCopyError(message: string): void;
  /** The caller's member id, when known (they are never in a bulk action). */
  selfId: string | null;
}

function RowAction(props: {
  title: string;
  label: string;
  onClick(): void;
  color?: 'error';
  disabledReason?: string | null;
  children: ReactNode;
}) {
  return (
    <span title={props.disabledReason ?? props.title}>
      <IconButton
        size="small"
        aria-label={props.label}
        onClick={props.onClick}
        color={props.color}
        disabled={Boolean(props.disabledReason)}
      >
        {props.children}
      </IconButton>
    </span>
  );
}

export function memberColumns(actions: MemberActions, now: () => number): Column<TeamMember>[] {
  return [
    {
      id: 'select',
      header: '',
      width: '48px',
      align: 'center',
      render: (m) => {
        const excluded = bulkExclusion(m, actions.selfId);
        return (
          <Box component="span" sx={{ display: 'inline-flex' }} title={excluded ?? undefined}>
            <Checkbox
              size="small"
              // Padding within the 48-pixel column: a wider box would overflow the cell.
              sx={{ p: 0.5 }}
              checked={!excluded && actions.selected(m.id)}
              disabled={excluded !== null}
              onChange={() => actions.toggle(m)}
              // A click on the row opens the member; ticking is its own gesture.
              onClick={(e) => e.stopPropagation()}
              onKeyDown={(e) => e.stopPropagation()}
              slotProps={{ input: { 'aria-label': `Select ${memberName(m)}` } }}
            />
          </Box>
        );
      },
    },
    {
      id: 'member',
      header: 'Member',
      width: 'minmax(220px, 2fr)',
      sortValue: (m) => memberName(m).toLowerCase(),
      render: (m) => (
        <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', minWidth: 0 }}>
          <MemberAvatar url={m.avatar} name={m.name} email={m.email} size={28} />
          <TwoLineCell
            strong
            primary={memberName(m)}
            secondary={m.name ? m.email : m.status === 'pending' ? 'Not joined yet' : ''}
            title={m.name ? `${m.name}\n${m.email}${m.username ? `\n@${m.username}` : ''}` : m.email}
          />
        </Stack>
      ),
    },
    {
      id: 'role',
      header: 'Role',
      width: '164px',
      sortValue: (m) => m.role,
      render: (m) => <RoleSelect member={m} lockedReason={roleLock(m, actions.selfId)} />,
    },
    {
      id: 'status',
      header: 'Status',
      width: '176px',
      sortValue: (m) => `${MEMBER_STATES.indexOf(memberState(m, now()))}:${m.invitationExpires ?? ''}`,
      render: (m) => (
        <Stack spacing={0.25} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
          <MemberStateChip state={memberState(m, now())} />
          <InvitationExpiry member={m} now={now()} />
        </Stack>
      ),
    },
    {
      id: 'department',
      header: 'Department / title',
      width: 'minmax(150px, 1fr)',
      sortValue: (m) => (m.department ?? '').toLowerCase(),
      render: (m) =>
        m.department || m.title ? (
          <TwoLineCell primary={m.department ?? '—'} secondary={m.title ?? ''} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            —
          </Typography>
        ),
    },
    {
      id: 'lastActive',
      header: 'Last active',
      width: CONTENT_WIDTH.relativeTime,
      sortValue: (m) => (m.lastActive ? Date.parse(m.lastActive) : 0),
      render: (m) =>
        // Titles, not tooltips: rows stay light to render by the thousand.
        m.status === 'pending' ? (
          <Typography
            variant="body2"
            color="text.secondary"
            noWrap
            title={m.invitedAt ? `Invited ${formatDateTime(m.invitedAt)}` : undefined}
          >
            Invited {relativeTime(m.invitedAt, now())}
          </Typography>
        ) : (
          <span title={m.lastActive ? formatDateTime(m.lastActive) : 'Never active'}>{relativeTime(m.lastActive, now())}</span>
        ),
    },
    {
      id: 'actions',
      header: '',
      width: '116px',
      align: 'right',
      render: (m) => {
        const name = memberName(m);
        if (m.status === 'pending') {
          const link = actions.inviteLink(m);
          return (
            <Stack direction="row" spacing={0.25} sx={{ justifyContent: 'flex-end' }} onClick={(e) => e.stopPropagation()}>
              <RowAction title="Resend (the expiry starts again)" label={`Resend invitation to ${name}`} onClick={() => actions.resend(m)}>
                <ForwardToInboxOutlined fontSize="small" />
              </RowAction>
              {link ? (
                <CopyButton value={link} label={`Copy invitation link for ${name}`} onError={actions.onCopyError} />
              ) : (
                <span title="The invitation link is given only when the invitation is sent from this console; resending emails it again">
                  <IconButton size="small" disabled aria-label={`No invitation link for ${name}`}>
                    <LinkOff fontSize="small" />
                  </IconButton>
                </span>
              )}
              <RowAction title="Cancel invitation" label={`Cancel invitation to ${name}`} onClick={() => actions.cancel(m)} color="error">
                <DeleteOutline fontSize="small" />
              </RowAction>
            </Stack>
          );
        }
        return (
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }} onClick={(e) => e.stopPropagation()}>
            <RowAction
              title="Remove from the team"
              label={`Remove ${name}`}
              onClick={() => actions.remove(m)}
              color="error"
              disabledReason={m.role === 'owner' ? 'The owner cannot be removed' : null}
            >
              <PersonRemoveOutlined fontSize="small" />
            </RowAction>
          </Stack>
        );
      },
    },
  ];
}
