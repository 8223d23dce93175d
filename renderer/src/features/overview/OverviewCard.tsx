// One card of the overview: its title links to the view it summarises; loading, error and
// ready states of its own, so that one failing read leaves the other cards on screen.
import ArrowForward from '@mui/icons-material/ArrowForward';
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import type { NormalizedError } from '../../../../shared/api/errors';
import { WhyButton } from '../../components/WhyButton';
import { canExplain } from '../../platform/why';
import type { LoadState } from '../../platform/resource-store';

/**
 * A card's failure, narrow enough for a card: the message, its code, and Why?/Retry under it
 * (the full ErrorAlert's detail grid is the view's, one click away).
 */
function CardError({ error, onRetry }: { error: NormalizedError; onRetry(): void }) {
  return (
    <Alert severity="error" data-testid="error-alert" sx={{ '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}>
      {error.message}
      <Box sx={{ opacity: 0.7, fontSize: 12, fontFamily: 'monospace', mt: 0.25 }}>
        {error.code}
        {error.status ? ` · ${error.status}` : ''}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 0.5, ml: -0.75 }}>
        {canExplain(error) && <WhyButton error={error} />}
        <Button color="inherit" size="small" startIcon={<Refresh />} onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}

interface OverviewCardProps {
  title: string;
  /** The view it summarises (a hash path). */
  href: string;
  /** The link's words, e.g. "Usage". */
  linkLabel: string;
  /** Whose load state the card shows (ready shows `children`). */
  state: Pick<LoadState, 'status' | 'error'>;
  onRetry(): void;
  testId: string;
  /** Replaces the error alert for a refusal the card explains itself (the billing scope). */
  refusal?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}

export function OverviewCard({ title, href, linkLabel, state, onRetry, testId, refusal, children, footer }: OverviewCardProps) {
  const ready = state.status === 'ready';
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      data-testid={testId}
      data-card-state={refusal ? 'refused' : state.status}
      sx={{ p: 2, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
          <Link href={`#${href}`} color="inherit" underline="hover">
            {title}
          </Link>
        </Typography>
        <Link
          href={`#${href}`}
          variant="body2"
          underline="hover"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexShrink: 0 }}
        >
          {linkLabel}
          <ArrowForward sx={{ fontSize: 16 }} />
        </Link>
      </Stack>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {refusal ??
          (ready ? (
            children
          ) : state.status === 'error' && state.error ? (
            <CardError error={state.error} onRetry={onRetry} />
          ) : (
            <Stack spacing={1} aria-busy aria-label={`Loading ${title.toLowerCase()}`}>
              <Skeleton variant="text" width="40%" height={36} />
              <Skeleton variant="rounded" height={56} />
            </Stack>
          ))}
      </Box>
      {ready && !refusal && footer}
    </Paper>
  );
}

/** A bar of 0–100 % (utilisation, an alert's share of its threshold), coloured by how near it is to full. */
export function PercentBar({ value, label, tone }: { value: number; label: string; tone?: 'ok' | 'warning' | 'error' }) {
  const colour = tone === 'error' ? 'error.main' : tone === 'warning' ? 'warning.main' : 'primary.main';
  return (
    <Box
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.min(100, value)}
      sx={{ height: 6, borderRadius: 3, bgcolor: 'action.hover', overflow: 'hidden' }}
    >
      <Box sx={{ width: `${Math.max(0, Math.min(100, value))}%`, height: '100%', bgcolor: colour, borderRadius: 3 }} />
    </Box>
  );
}
