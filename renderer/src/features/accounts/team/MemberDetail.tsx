// /team/<user id>: one member — who they are, their role (changed in place), state and
// invitation, their activity, and the resources they own or were shared, each linking to it;
// suspend or reactivate, remove (both confirmed), and an invitation's resend, link and cancel.
import ArrowBack from '@mui/icons-material/ArrowBack';
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import type { TeamMember } from '../../../../../shared/api/accounts/team';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CopyButton } from '../../../components/CopyButton';
import { Figure } from '../../../components/Figure';
import { Section } from '../../../components/Section';
import { RefreshFrame, StaleBanner } from '../../../components/StaleBanner';
import { ErrorState } from '../../../components/StateViews';
import { TagChips } from '../../../components/TagChips';
import { MONO_FONT } from '../../../lib/fonts';
import { navigate } from '../../../platform/navigation/hash-router';
import { notify } from '../../../platform/notifications-store';
import { notifyFailure } from './notify-failure';
import { useIntent, usePageKeys } from '../../../platform/page-hooks';
import { formatDate, formatDateTime, relativeTime } from '../../../platform/relative-time';
import { serverNow } from '../../../platform/server-clock';
import { useLoaded } from '../../../platform/use-loaded';
import { MemberAvatar } from '../MemberAvatar';
import { InvitationExpiry, MemberStateChip, memberName, RoleSelect } from './MemberBits';
import { RemoveMemberDialog } from './RemoveMemberDialog';
import { memberState, roleLock } from './team-logic';
import { TEAM_PATH } from './team-route';
import { useTeam } from './team-store';

/** Escape goes back to the list (outside fields and dialogs). */
const BACK_KEYS = { Escape: () => navigate(TEAM_PATH) };

function ResourceLinks({ ids, path, none }: { ids: readonly string[]; path: string; none: string }) {
  if (ids.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {none}
      </Typography>
    );
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {ids.map((id) => (
        <Link key={id} href={`#${path}/${encodeURIComponent(id)}`} sx={{ fontFamily: MONO_FONT, fontSize: 13 }}>
          {id}
        </Link>
      ))}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

export function MemberDetail({ id }: { id: string }) {
  const listed = useTeam((s) => s.members.find((m) => m.id === id));
  const members = useTeam((s) => s.members);
  const inviteLinks = useTeam((s) => s.inviteLinks);
  const selfId = useTeam((s) => s.selfId);
  useEffect(() => void useTeam.getState().ensureLoaded(), []);
  const detail = useLoaded(`member:${id}`, (signal) => useTeam.getState().readDetail(id, signal));
  const [confirm, setConfirm] = useState<'suspend' | 'cancel' | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const { reload } = detail;
  useIntent('page:refresh', reload);
  usePageKeys(BACK_KEYS);

  // The list's copy is the newest after a change made here (the detail is read again too).
  const member: TeamMember | null = listed ?? detail.data;
  const back = (
    <Button startIcon={<ArrowBack />} onClick={() => navigate(TEAM_PATH)} sx={{ alignSelf: 'flex-start' }}>
      Team
    </Button>
  );
  if (!member) {
    if (detail.status === 'error' && detail.error)
      return (
        <Stack spacing={2}>
          {back}
          <ErrorState
            title={
              detail.error.code === 'MEMBER_NOT_FOUND'
                ? 'This member is not in the team (removed, or an invitation cancelled)'
                : 'Could not load the member'
            }
            error={detail.error}
            onRetry={reload}
          />
        </Stack>
      );
    return (
      <Stack spacing={2} data-testid="member-loading">
        {back}
        <Skeleton variant="text" width={320} height={40} />
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={160} />
      </Stack>
    );
  }

  const now = serverNow();
  const state = memberState(member, now);
  const name = memberName(member);
  const inviter = member.invitedBy ? members.find((m) => m.id === member.invitedBy) : undefined;
  const link = member.inviteUrl ?? (member.invitationId ? inviteLinks[member.invitationId] : undefined);
  const owner = member.role === 'owner';
  const self = selfId !== null && member.id === selfId;
  const activity = detail.data?.activity;
  const resources = detail.data?.resources;

  const setStatus = async (status: 'active' | 'suspended') => {
    await useTeam.getState().update(member.id, { status });
    notify('success', status === 'suspended' ? `${name} is suspended` : `${name} is active again`);
    reload();
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }} data-testid="member-detail">
      {back}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <MemberAvatar url={member.avatar} name={member.name} email={member.email} size={56} testId="member-avatar" />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography variant="h5" component="h1" noWrap title={name}>
              {name}
            </Typography>
            <MemberStateChip state={state} />
          </Stack>
          <Typography variant="body2" color="text.secondary" noWrap>
            {member.name ? member.email : 'Invited, not joined yet'}
            {member.username ? ` · @${member.username}` : ''}
          </Typography>
        </Box>
        <Tooltip title="Refresh">
          <span>
            <IconButton aria-label="Refresh member" onClick={reload} disabled={detail.loading}>
              <Refresh />
            </IconButton>
          </span>
        </Tooltip>
        {member.status === 'pending' ? (
          <>
            <Button
              variant="outlined"
              onClick={() =>
                void useTeam
                  .getState()
                  .resend(member)
                  .then(
                    () => notify('success', `Invitation to ${member.email} sent again`),
                    (e: unknown) => notifyFailure('Could not resend the invitation', e),
                  )
              }
            >
              Resend invitation
            </Button>
            {link && <CopyButton variant="button" value={link} label="Copy invitation link" onError={(m) => notify('error', m)} />}
            <Button variant="outlined" color="error" onClick={() => setConfirm('cancel')}>
              Cancel invitation
            </Button>
          </>
        ) : (
          !owner &&
          !self && (
            <>
              {member.status === 'suspended' ? (
                <Button
                  variant="outlined"
                  onClick={() => void setStatus('active').catch((e: unknown) => notifyFailure('Could not reactivate', e))}
                >
                  Reactivate
                </Button>
              ) : (
                <Button variant="outlined" color="error" onClick={() => setConfirm('suspend')}>
                  Suspend
                </Button>
              )}
              <Button variant="contained" color="error" onClick={() => setRemoving(member)}>
                Remove from team
              </Button>
            </>
          )
        )}
      </Stack>
      {detail.status === 'ready' && detail.error && (
        <StaleBanner
          error={detail.error}
          title="Could not load the member"
          loadedAt={detail.loadedAt}
          onRetry={reload}
          retrying={detail.refreshing}
        />
      )}
      <RefreshFrame stale={Boolean(detail.error)} refreshing={detail.refreshing}>
        <Stack spacing={2}>
          <Section title="Membership">
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 2 }}>
              <Fact label="Role">
                <RoleSelect member={member} lockedReason={roleLock(member, selfId)} />
              </Fact>
              <Fact label="Department">{member.department ?? '—'}</Fact>
              <Fact label="Title">{member.title ?? '—'}</Fact>
              {member.status === 'pending' ? (
                <>
                  <Fact label="Invited">
                    {member.invitedAt ? `${formatDateTime(member.invitedAt)} (${relativeTime(member.invitedAt, now)})` : '—'}
                  </Fact>
                  <Fact label="Invitation">
                    <InvitationExpiry member={member} now={now} />
                  </Fact>
                </>
              ) : (
                <>
                  <Fact label="Joined">{formatDate(member.joinedAt)}</Fact>
                  <Fact label="Last active">
                    <span title={formatDateTime(member.lastActive)}>{relativeTime(member.lastActive, now)}</span>
                  </Fact>
                </>
              )}
              <Fact label="Invited by">{member.invitedBy ? (inviter ? memberName(inviter) : member.invitedBy) : '—'}</Fact>
            </Box>
            <Box sx={{ mt: 2 }}>
              <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
                Permissions (from the role, and any given to the member)
              </Typography>
              <TagChips values={member.permissions} max={12} />
            </Box>
          </Section>
          <Section title="Activity" description="From this member’s keys and the resources they created.">
            {activity ? (
              <Box
                sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 2 }}
                data-testid="member-activity"
              >
                <Figure label="Endpoints created" value={activity.endpointsCreated.toLocaleString()} />
                <Figure label="Clusters managed" value={activity.clustersManaged.toLocaleString()} />
                <Figure label="Executions" value={activity.totalExecutions.toLocaleString()} />
                <Figure
                  label="Last login"
                  value={activity.lastLogin ? relativeTime(activity.lastLogin, now) : 'Never'}
                  hint={activity.lastLogin ? formatDateTime(activity.lastLogin) : undefined}
                />
              </Box>
            ) : detail.status === 'error' ? (
              <Typography variant="body2" color="text.secondary">
                Could not be read: {detail.error?.message}
              </Typography>
            ) : (
              <Skeleton variant="rounded" height={56} />
            )}
          </Section>
          <Section
            title="Resources"
            description="What this member owns, and what was shared with them. Removal takes their access to all of it."
          >
            {resources ? (
              <Stack spacing={1.5} data-testid="member-resources">
                <Fact label={`Owned endpoints (${resources.ownedEndpoints.length})`}>
                  <ResourceLinks ids={resources.ownedEndpoints} path="/endpoints" none="None" />
                </Fact>
                <Fact label={`Owned clusters (${resources.ownedClusters.length})`}>
                  <ResourceLinks ids={resources.ownedClusters} path="/clusters" none="None" />
                </Fact>
                <Fact label={`Endpoints shared with them (${resources.sharedEndpoints.length})`}>
                  <ResourceLinks ids={resources.sharedEndpoints} path="/endpoints" none="None" />
                </Fact>
              </Stack>
            ) : detail.status === 'error' ? (
              <Typography variant="body2" color="text.secondary">
                Could not be read: {detail.error?.message}
              </Typography>
            ) : (
              <Skeleton variant="rounded" height={80} />
            )}
          </Section>
        </Stack>
      </RefreshFrame>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'cancel' ? `Cancel the invitation to ${member.email}?` : `Suspend ${name}?`}
        confirmLabel={confirm === 'cancel' ? 'Cancel invitation' : 'Suspend member'}
        cancelLabel={confirm === 'cancel' ? 'Keep it' : undefined}
        destructive
        onConfirm={async () => {
          if (confirm === 'cancel') {
            await useTeam.getState().cancel(member);
            notify('success', `Invitation to ${member.email} cancelled`);
            navigate(TEAM_PATH);
          } else await setStatus('suspended');
        }}
        onClose={() => setConfirm(null)}
      >
        {confirm === 'cancel'
          ? 'The invitation link stops working at once and the invitation leaves the list.'
          : `${name}’s API keys are refused at once, until they are reactivated. Their role, resources and keys are kept.`}
      </ConfirmDialog>
      <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} onRemoved={() => navigate(TEAM_PATH)} />
    </Stack>
  );
}
