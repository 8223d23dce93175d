// A cluster's status: colour per status, a spinner while it is changing; then, given
// onOpenProgress, a click on it shows the run's live progress.
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import type { ClusterStatus } from '../../../../../shared/api/clusters/common';
import { isTransitional, STATUS_COLOR } from './cluster-logic';

export function ClusterStatusChip({
  status,
  size = 'small',
  onOpenProgress,
}: {
  status: ClusterStatus;
  size?: 'small' | 'medium';
  onOpenProgress?(): void;
}) {
  const moving = isTransitional(status);
  // `starting` has no stop/restart run to show.
  const opens = onOpenProgress !== undefined && (status === 'stopping' || status === 'restarting');
  return (
    <Chip
      onClick={
        opens
          ? (event) => {
              // The chip sits in a table row that opens the cluster on activation.
              event.stopPropagation();
              onOpenProgress();
            }
          : undefined
      }
      title={opens ? `Show the ${status === 'stopping' ? 'stop' : 'restart'} progress` : undefined}
      aria-label={opens ? `${status}: show progress` : undefined}
      size={size}
      color={STATUS_COLOR[status]}
      variant={status === 'stopped' ? 'outlined' : 'filled'}
      label={status}
      icon={moving ? <CircularProgress size={size === 'small' ? 12 : 16} color="inherit" aria-hidden /> : undefined}
      data-testid="cluster-status"
      sx={{ textTransform: 'capitalize', fontWeight: 600, '& .MuiChip-icon': { ml: 0.75 } }}
    />
  );
}
