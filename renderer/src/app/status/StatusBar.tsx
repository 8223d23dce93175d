// Bottom bar: connection (web mode), active profile, rate-limit remaining/limit with its
// reset time, and where keys are kept.
import CircleIcon from '@mui/icons-material/Circle';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { getBridge } from '../../bridge';
import { useActiveProfile } from '../profiles/profiles-store';
import { ProfileIcon } from '../profiles/ProfileSwitcher';
import { useAppInfo } from './app-info-store';
import { useConnectionState } from './connection-store';
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
  if (!rl)
    return (
      <Item icon={<SpeedOutlined />} testId="status-rate-limit">
        Rate limit: no calls yet
      </Item>
    );
  const reset = new Date(rl.reset * 1000);
  const low = rl.limit > 0 && rl.remaining / rl.limit < 0.1;
  return (
    <Item
      icon={<SpeedOutlined />}
      testId="status-rate-limit"
      color={low ? 'warning.main' : undefined}
      title={`Requests left in this ${Math.round(rl.window / 60)}-minute window; resets ${reset.toLocaleString()}`}
    >
      {rl.remaining.toLocaleString()}/{rl.limit.toLocaleString()} left · resets{' '}
      {reset.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}
    </Item>
  );
}

export function StatusBar() {
  const profile = useActiveProfile();
  const vault = useAppInfo((s) => s.info?.vault);
  const connection = useConnectionState();
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
      {web && (
        <Item icon={<CircleIcon sx={{ color: connection === 'open' ? 'success.main' : 'warning.main' }} />} testId="status-connection">
          {connection === 'open' ? 'Connected' : connection === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
        </Item>
      )}
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
