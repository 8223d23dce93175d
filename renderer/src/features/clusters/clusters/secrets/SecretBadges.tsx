// Badges of the secrets table: expiry (expired / expiring soon) and tags.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Secret } from '../../../../../../shared/api/clusters/secrets';
import { formatDate, formatDateTime, relativeTime } from '../../../../platform/relative-time';
import { expiryState } from './secret-status';

/** Smaller, to sit under a date in a 48-pixel row. */
const badge = { height: 16, fontSize: 10 } as const;

/** Date over badge: both stay readable in the column's width. */
export function ExpiryCell({ secret, now }: { secret: Secret; now: number }) {
  const state = expiryState(secret, now);
  if (state === 'never')
    return (
      <Typography variant="body2" color="text.secondary">
        Never
      </Typography>
    );
  return (
    <Tooltip title={`${formatDateTime(secret.expiration_date)} (${relativeTime(secret.expiration_date, now)})`}>
      <Stack spacing={0.25} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="body2">{formatDate(secret.expiration_date)}</Typography>
        {state === 'expired' && <Chip label="expired" color="error" size="small" sx={badge} data-testid="badge-expired" />}
        {state === 'expiring' && <Chip label="expiring" color="warning" size="small" sx={badge} data-testid="badge-expiring" />}
      </Stack>
    </Tooltip>
  );
}

export function RotationCell({ secret, now }: { secret: Secret; now: number }) {
  const policy = secret.rotation_policy;
  if (!policy.enabled || !policy.next_rotation)
    return (
      <Typography variant="body2" color="text.secondary">
        Off
      </Typography>
    );
  return (
    <Tooltip
      title={`Every ${policy.rotation_interval_days} days; notice ${policy.notification_days_before} days before. Next: ${formatDateTime(policy.next_rotation)} (${relativeTime(policy.next_rotation, now)})`}
    >
      <Typography variant="body2" data-testid="next-rotation">
        {formatDate(policy.next_rotation)}
      </Typography>
    </Tooltip>
  );
}
