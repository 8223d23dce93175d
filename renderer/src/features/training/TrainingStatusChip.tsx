// A dataset's or a training job's status as a coloured chip; a spinner while it moves.
import Chip, { type ChipProps } from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';

const COLOR: Record<string, ChipProps['color']> = {
  uploading: 'info',
  processing: 'info',
  ready: 'success',
  error: 'error',
  pending: 'default',
  running: 'primary',
  completed: 'success',
  failed: 'error',
  cancelled: 'default',
  stopped: 'warning',
};
const MOVING = new Set(['uploading', 'processing', 'pending', 'running']);

export function TrainingStatusChip({ status, size = 'small', testId }: { status: string; size?: 'small' | 'medium'; testId?: string }) {
  return (
    <Chip
      size={size}
      color={COLOR[status] ?? 'default'}
      variant={status === 'cancelled' || status === 'pending' ? 'outlined' : 'filled'}
      label={status}
      icon={MOVING.has(status) ? <CircularProgress size={size === 'small' ? 12 : 16} color="inherit" aria-hidden /> : undefined}
      data-testid={testId}
      sx={{ textTransform: 'capitalize', fontWeight: 600, '& .MuiChip-icon': { ml: 0.75 } }}
    />
  );
}
