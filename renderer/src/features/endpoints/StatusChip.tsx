// A health or component status as a coloured chip; a spinner while it moves (starting,
// updating, initializing).
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { STATUS_COLOR } from './endpoint-logic';

const MOVING = new Set(['starting', 'updating', 'initializing']);

export function StatusChip({ status, size = 'small', testId }: { status: string; size?: 'small' | 'medium'; testId?: string }) {
  const label = status.replace(/_/g, ' ');
  return (
    <Chip
      size={size}
      color={STATUS_COLOR[status] ?? 'default'}
      variant={status === 'stopped' || status === 'unknown' ? 'outlined' : 'filled'}
      label={label}
      icon={MOVING.has(status) ? <CircularProgress size={size === 'small' ? 12 : 16} color="inherit" aria-hidden /> : undefined}
      data-testid={testId}
      sx={{ textTransform: 'capitalize', fontWeight: 600, '& .MuiChip-icon': { ml: 0.75 } }}
    />
  );
}

/** A pass/fail signal (ready, alive, a readiness gate). */
export function SignalChip({ label, ok, testId }: { label: string; ok: boolean; testId?: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={ok ? 'success' : 'error'}
      label={`${label}: ${ok ? 'yes' : 'no'}`}
      data-testid={testId}
      sx={{ fontWeight: 600 }}
    />
  );
}
