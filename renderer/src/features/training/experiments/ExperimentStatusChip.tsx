// An experiment's status (active, completed, archived) or a run's (its training job's) as a chip.
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';

type Color = 'default' | 'primary' | 'success' | 'error' | 'warning' | 'info';
const COLOR: Record<string, Color> = {
  active: 'primary',
  completed: 'success',
  archived: 'default',
  pending: 'default',
  running: 'info',
  failed: 'error',
  cancelled: 'default',
  stopped: 'warning',
};
const MOVING = new Set(['pending', 'running']);

export function ExperimentStatusChip({ status, testId }: { status: string; testId?: string }) {
  return (
    <Chip
      size="small"
      color={COLOR[status] ?? 'default'}
      variant={status === 'archived' || status === 'cancelled' ? 'outlined' : 'filled'}
      label={status}
      icon={MOVING.has(status) ? <CircularProgress size={12} color="inherit" aria-hidden /> : undefined}
      data-testid={testId}
      sx={{ textTransform: 'capitalize', fontWeight: 600, '& .MuiChip-icon': { ml: 0.75 } }}
    />
  );
}
