// A model's status (training, ready, deployed, archived) or a deployment's (deploying, active,
// stopped) as a coloured chip; a spinner while it moves.
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';

type ChipColor = 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';

const COLOR: Record<string, ChipColor> = {
  training: 'info',
  ready: 'success',
  deployed: 'primary',
  archived: 'default',
  deploying: 'info',
  active: 'success',
  stopped: 'default',
  failed: 'error',
};
const MOVING = new Set(['training', 'deploying']);

export function ModelStatusChip({ status, size = 'small', testId }: { status: string; size?: 'small' | 'medium'; testId?: string }) {
  return (
    <Chip
      size={size}
      color={COLOR[status] ?? 'default'}
      variant={status === 'archived' || status === 'stopped' ? 'outlined' : 'filled'}
      label={status}
      icon={MOVING.has(status) ? <CircularProgress size={size === 'small' ? 12 : 16} color="inherit" aria-hidden /> : undefined}
      data-testid={testId}
      sx={{ textTransform: 'capitalize', fontWeight: 600, '& .MuiChip-icon': { ml: 0.75 } }}
    />
  );
}
