// The removal confirmation: it names what the member loses at once, their role, their keys,
// their grants and shares, and the resources they own (read from their detail as it opens).
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useRef } from 'react';
import type { TeamMember } from '../../../../../shared/api/accounts/team';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notify } from '../../../platform/notifications-store';
import { useLoaded } from '../../../platform/use-loaded';
import { memberName } from './MemberBits';
import { removalLosses } from './team-words';
import { useTeam } from './team-store';

export function RemoveMemberDialog({ member, onClose, onRemoved }: { member: TeamMember | null; onClose(): void; onRemoved?(): void }) {
  // The last member stays shown while the dialog closes.
  const last = useRef<TeamMember | null>(null);
  if (member) last.current = member;
  const shown = member ?? last.current;
  const roleNames = useTeam((s) => s.roleNames);
  const detail = useLoaded(member ? `remove:${member.id}` : null, (signal) => useTeam.getState().readDetail(member!.id, signal));
  const name = shown ? memberName(shown) : '';
  const losses = shown ? removalLosses(shown, roleNames[shown.role] ?? shown.role, detail.data) : [];
  return (
    <ConfirmDialog
      open={member !== null}
      title={`Remove ${name} from the team?`}
      confirmLabel="Remove member"
      destructive
      onConfirm={async () => {
        await useTeam.getState().remove(shown!.id);
        notify('success', `${name} was removed from the team`);
        onRemoved?.();
      }}
      onClose={onClose}
    >
      <Box data-testid="removal-losses">
        {name} loses at once:
        <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
          {losses.map((l) => (
            <li key={l}>{l}</li>
          ))}
          {detail.loading && !detail.data && (
            <li>
              <Skeleton width="80%" />
            </li>
          )}
        </Box>
        {detail.error && !detail.data ? 'What they own could not be read; the resources stay in the account either way. ' : ''}
        This cannot be undone: to come back, they must be invited again.
      </Box>
    </ConfirmDialog>
  );
}
