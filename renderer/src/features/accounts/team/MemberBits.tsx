// Small pieces the list and the detail share: a member's state chip, the invitation's expiry
// line, and the inline role select (applied at once: a role change is undone by another).
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { TeamMember } from '../../../../../shared/api/accounts/team';
import { formatDateTime } from '../../../platform/relative-time';
import { notify } from '../../../platform/notifications-store';
import { notifyFailure } from './notify-failure';
import { invitationExpiryText, STATE_LABEL, type MemberState } from './team-logic';
import { useTeam } from './team-store';

const STATE_COLOR = { active: 'success', pending: 'info', expired: 'warning', suspended: 'error' } as const;

export function MemberStateChip({ state }: { state: MemberState }) {
  return (
    <Chip
      size="small"
      variant={state === 'active' ? 'filled' : 'outlined'}
      color={STATE_COLOR[state]}
      label={STATE_LABEL[state]}
      data-testid="member-state"
    />
  );
}

/** "Expires in 6 days" (the exact moment in the tooltip), in the warning colour once expired. */
export function InvitationExpiry({ member, now }: { member: TeamMember; now: number }) {
  const text = invitationExpiryText(member, now);
  if (!text) return null;
  const expired = member.invitationExpires !== null && Date.parse(member.invitationExpires) <= now;
  return (
    <Typography
      variant="caption"
      color={expired ? 'warning.main' : 'text.secondary'}
      noWrap
      title={member.invitationExpires ? formatDateTime(member.invitationExpires) : undefined}
      data-testid="invitation-expiry"
    >
      {text}
    </Typography>
  );
}

/** The display name of a member: their name, their address while invited. */
export const memberName = (m: Pick<TeamMember, 'name' | 'email'>) => m.name ?? m.email;

/**
 * The member's role, changeable in place unless `lockedReason` says why not (the owner, yourself).
 * Roles offered are the assignable ones; a role no longer offered (a custom role made unassignable)
 * stays shown as the current value. A plain button until opened: thousands of rows scroll and
 * filter without a select's weight in each.
 */
export function RoleSelect({ member, lockedReason }: { member: TeamMember; lockedReason: string | null }) {
  const roleNames = useTeam((s) => s.roleNames);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const name = (key: string) => roleNames[key] ?? key;
  if (lockedReason) {
    return (
      <Typography variant="body2" noWrap data-testid="member-role" title={lockedReason}>
        {name(member.role)}
      </Typography>
    );
  }
  const change = async (role: string) => {
    setAnchor(null);
    if (role === member.role) return;
    setBusy(true);
    try {
      await useTeam.getState().update(member.id, { role });
      notify('success', `${memberName(member)} is now ${name(role)}`);
    } catch (e) {
      notifyFailure(`Could not change the role of ${memberName(member)}`, e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        color="inherit"
        endIcon={<ArrowDropDown />}
        disabled={busy}
        aria-haspopup="listbox"
        aria-label={`Role of ${memberName(member)}: ${name(member.role)}`}
        onClick={(e) => {
          e.stopPropagation();
          setAnchor(e.currentTarget);
        }}
        onKeyDown={(e) => e.stopPropagation()}
        sx={{ textTransform: 'none', fontWeight: 400, fontSize: 14, px: 0.75, ml: -0.75, maxWidth: '100%', justifyContent: 'flex-start' }}
        data-testid="member-role-select"
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {name(member.role)}
        </Box>
      </Button>
      {anchor && <RoleMenu member={member} anchor={anchor} onPick={(r) => void change(r)} onClose={() => setAnchor(null)} />}
    </>
  );
}

function RoleMenu({
  member,
  anchor,
  onPick,
  onClose,
}: {
  member: TeamMember;
  anchor: HTMLElement;
  onPick(role: string): void;
  onClose(): void;
}) {
  const roles = useTeam((s) => s.roles);
  const roleNames = useTeam((s) => s.roleNames);
  const options = roles.some((r) => r.key === member.role)
    ? roles
    : [{ key: member.role, name: roleNames[member.role] ?? member.role }, ...roles];
  return (
    <Menu
      open
      anchorEl={anchor}
      onClose={onClose}
      onClick={(e) => e.stopPropagation()}
      slotProps={{ list: { 'aria-label': `Role of ${memberName(member)}`, role: 'listbox' } }}
    >
      {options.map((r) => (
        <MenuItem
          key={r.key}
          selected={r.key === member.role}
          role="option"
          aria-selected={r.key === member.role}
          onClick={() => onPick(r.key)}
        >
          {r.name}
        </MenuItem>
      ))}
    </Menu>
  );
}
