// Bottom bar: the active profile's connection as calls find it (reachable, key accepted,
// latency), the profile, which rate limit is closest to running out (click: all of them),
// and where keys are kept.
import CircleIcon from '@mui/icons-material/Circle';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState, type ReactNode } from 'react';
import { getBridge } from '../../bridge';
import { useActiveProfile } from '../../platform/profiles-store';
import { ProfileIcon } from '../profiles/ProfileSwitcher';
import { useAppInfo } from './app-info-store';
import { healthLabel, type ConnectionHealth, type LatencySample } from './connection-health';
import { useConnectionHealth, useConnectionState } from './connection-store';
import { rateLimitName, rateLimitScope, resetClock } from './rate-limit-labels';
import { RateLimitPopover } from './RateLimitPopover';
import { useRateLimit } from './rate-limit-store';

function Item({
  icon,
  children,
  title,
  testId,
  color,
}: {
  icon?: ReactNode;
  children: ReactNode;
  title?: string;
  testId?: string;
  color?: string;
}) {
  const body = (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center', color, whiteSpace: 'nowrap', '& svg': { fontSize: 14 } }}
      data-testid={testId}
    >
      {icon}
      <span>{children}</span>
    </Stack>
  );
  return title ? <Tooltip title={title}>{body}</Tooltip> : body;
}

function RateLimitItem({ profileId }: { profileId: string }) {
  const rl = useRateLimit((s) => s.byProfile[profileId]);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const low = !!rl && rl.limit > 0 && rl.remaining / rl.limit < 0.1;
  const name = rateLimitName(rl?.resource);
  const title = rl
    ? `${rateLimitScope(rl.resource)} Requests left in this ${Math.round(rl.window / 60)}-minute window. Click for every limit.`
    : 'Click for every limit.';
  return (
    <>
      <Tooltip title={title}>
        <ButtonBase
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-haspopup="dialog"
          aria-label="Rate limits"
          sx={{
            font: 'inherit',
            color: low ? 'warning.main' : 'inherit',
            borderRadius: 1,
            px: 0.5,
            mx: -0.5,
            '&:hover': { bgcolor: 'action.hover' },
          }}
        >
          <Item icon={<SpeedOutlined />} testId="status-rate-limit">
            {rl ? (
              <>
                {name ? `${name}: ` : ''}
                {rl.remaining.toLocaleString()}/{rl.limit.toLocaleString()} left · resets {resetClock(rl.reset)}
              </>
            ) : (
              'Rate limits: no calls yet'
            )}
          </Item>
        </ButtonBase>
      </Tooltip>
      <RateLimitPopover anchor={anchor} last={rl} onClose={() => setAnchor(null)} />
    </>
  );
}

const HEALTH_COLOR: Record<ConnectionHealth['kind'], string> = {
  unknown: 'text.disabled',
  ok: 'success.main',
  'key-refused': 'error.main',
  'no-key': 'error.main',
  unreachable: 'error.main',
  timeout: 'warning.main',
  'server-error': 'warning.main',
  'not-understood': 'warning.main',
};

/** What the latency figure is: the median of the round trips of the minute up to the latest answer. */
function latencyWords(latencies: readonly LatencySample[]): string {
  const latest = latencies.at(-1);
  if (!latest) return '';
  const n = latencies.length;
  const when = new Date(latest.at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return ` Latency: the median round trip of ${n === 1 ? 'the call' : `the ${n.toLocaleString()} calls`} answered in the minute up to ${when} (the latest took ${Math.round(latest.ms).toLocaleString()} ms).`;
}

/** The active profile's API as the last answers found it; in web mode, the socket first. */
function ConnectionItem({ web }: { web: boolean }) {
  const socket = useConnectionState();
  const health = useConnectionHealth((s) => s.health);
  const checking = useConnectionHealth((s) => s.checking);
  const latencies = useConnectionHealth((s) => s.latencies);
  if (web && socket !== 'open') {
    return (
      <Item icon={<CircleIcon sx={{ color: 'warning.main' }} />} testId="status-connection" title="The console's own server (web mode)">
        {socket === 'connecting' ? 'Connecting…' : 'Reconnecting to the console…'}
      </Item>
    );
  }
  const detail =
    'message' in health
      ? health.message
      : health.kind === 'ok'
        ? `The server answered and accepted the key.${latencyWords(latencies)}`
        : 'No answer yet.';
  return (
    <Item
      icon={<CircleIcon sx={{ color: HEALTH_COLOR[health.kind] }} />}
      color={health.kind === 'ok' || health.kind === 'unknown' ? undefined : HEALTH_COLOR[health.kind]}
      testId="status-connection"
      title={`${detail}${checking ? ' Checking now…' : ''}`}
    >
      {healthLabel(health)}
    </Item>
  );
}

export function StatusBar() {
  const profile = useActiveProfile();
  const vault = useAppInfo((s) => s.info?.vault);
  const web = getBridge().mode === 'web';
  return (
    <Stack
      component="footer"
      direction="row"
      spacing={2.5}
      sx={{
        height: 28,
        px: 1.5,
        alignItems: 'center',
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        fontSize: 12,
        color: 'text.secondary',
        flexShrink: 0,
      }}
      data-testid="status-bar"
    >
      <ConnectionItem web={web} />
      {profile && (
        <Item icon={<ProfileIcon profile={profile} />} testId="status-profile" title={profile.baseUrl ?? 'Embedded emulator'}>
          {profile.name}
        </Item>
      )}
      {profile && <RateLimitItem profileId={profile.id} />}
      <Box sx={{ flex: 1 }} />
      {vault && (
        <Item
          icon={vault.persistent ? <LockOutlined /> : <WarningAmber />}
          color={vault.persistent ? undefined : 'warning.main'}
          testId="status-vault"
          title={
            vault.persistent
              ? `API keys are stored in ${vault.location}`
              : (vault.reason ?? 'No keychain is available: keys are kept in memory for this session only.')
          }
        >
          {vault.persistent ? `Keys: ${vault.location}` : 'Keys: memory only (this session)'}
        </Item>
      )}
    </Stack>
  );
}
