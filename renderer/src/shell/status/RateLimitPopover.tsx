// The full rate-limit status (`GET /v2/auth/rate-limits`): every limit of the plan with
// used/limit and its reset in local time, the boost if one is active, and which limit the
// status bar's figures are. Opened from the status bar's rate-limit item.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { RateLimitsResponse } from '../../../../shared/api/accounts/api-keys';
import type { NormalizedError } from '../../../../shared/api/errors';
import { api } from '../../bridge/api';
import { isCancelled, toNormalizedError } from '../../bridge/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatDateTime } from '../../platform/relative-time';
import type { RateLimitEvent } from './rate-limit-store';
import { rateLimitName, rateLimitScope, resetClock } from './rate-limit-labels';

type Load = { status: 'loading' } | { status: 'ready'; data: RateLimitsResponse } | { status: 'error'; error: NormalizedError };

const ROWS: Array<[keyof RateLimitsResponse['limits'], string]> = [
  ['read_operations', 'Reads'],
  ['write_operations', 'Writes'],
  ['ai_services', 'AI services'],
];

function LimitRow({ label, limit, remaining, resetAt }: { label: string; limit: number; remaining: number; resetAt: string }) {
  const used = Math.max(0, limit - remaining);
  const share = limit > 0 ? Math.min(100, (used / limit) * 100) : 0;
  const reset = new Date(resetAt);
  return (
    <Box data-testid={`rate-limit-row-${label}`}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }} spacing={2}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {used.toLocaleString()} / {limit.toLocaleString()} used
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={share}
        color={remaining / Math.max(1, limit) < 0.1 ? 'warning' : 'primary'}
        sx={{ my: 0.5, height: 6, borderRadius: 3 }}
        aria-label={`${label}: ${used} of ${limit} used`}
      />
      <Typography variant="caption" color="text.secondary">
        {remaining.toLocaleString()} left · Resets at {Number.isNaN(reset.getTime()) ? '—' : resetClock(reset.getTime() / 1000)}
      </Typography>
    </Box>
  );
}

export function RateLimitPopover({
  anchor,
  last,
  onClose,
}: {
  anchor: HTMLElement | null;
  last: RateLimitEvent | undefined;
  onClose(): void;
}) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const open = anchor !== null;

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    api('auth.rateLimits', {}, { signal: controller.signal }).then(
      ({ data }) => setLoad({ status: 'ready', data }),
      (error: unknown) => {
        if (!isCancelled(error)) setLoad({ status: 'error', error: toNormalizedError(error) });
      },
    );
    return () => controller.abort();
  }, [open, attempt]);

  const lastName = rateLimitName(last?.resource);
  return (
    <Popover
      open={open}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
      transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { sx: { width: 360, p: 2 }, 'data-testid': 'rate-limit-popover' } as object }}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Rate limits
      </Typography>
      {last && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          The status bar shows {lastName ? <b>{lastName}</b> : 'the last answer’s limit'}: {last.remaining.toLocaleString()} of{' '}
          {last.limit.toLocaleString()} left. {rateLimitScope(last.resource)}
        </Typography>
      )}
      {load.status === 'loading' && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 2 }}>
          <CircularProgress size={16} />
          <Typography variant="body2">Reading the limits…</Typography>
        </Stack>
      )}
      {load.status === 'error' && (
        <ErrorAlert
          error={load.error}
          action={
            <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
              Retry
            </Button>
          }
        />
      )}
      {load.status === 'ready' && (
        <Stack spacing={1.5}>
          <Typography variant="body2">
            Plan <b>{load.data.plan}</b>, per hour
          </Typography>
          {ROWS.map(([field, label]) => (
            <LimitRow
              key={field}
              label={label}
              limit={load.data.limits[field].limit}
              remaining={load.data.limits[field].remaining}
              resetAt={load.data.limits[field].reset_at}
            />
          ))}
          <Typography variant="body2" color="text.secondary">
            {load.data.boost
              ? `Boost ×${load.data.boost.multiplier} until ${formatDateTime(load.data.boost.expires_at)} (${load.data.boost.reason})`
              : 'No temporary boost active.'}
          </Typography>
        </Stack>
      )}
    </Popover>
  );
}
