// A tuning job's or a trial's status as a coloured chip, with a spinner while it moves.
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { TUNING_STATUS_COLOR } from './tuning-format';

const MOVING = new Set(['pending', 'running', 'stopping']);

export function TuningStatusChip({ status, size = 'small', testId }: { status: string; size?: 'small' | 'medium'; testId?: string }) {
  return (
    <Chip
      size={size}
      color={TUNING_STATUS_COLOR[status] ?? 'default'}
      variant={status === 'cancelled' || status === 'pending' ? 'outlined' : 'filled'}
      label={status}
      icon={MOVING.has(status) ? <CircularProgress size={size === 'small' ? 12 : 16} color="inherit" aria-hidden /> : undefined}
      data-testid={testId}
      sx={{ textTransform: 'capitalize', fontWeight: 600, '& .MuiChip-icon': { ml: 0.75 } }}
    />
  );
}
