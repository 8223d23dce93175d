// A cluster's status: colour per status, a spinner while it is changing.
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import type { ClusterStatus } from '../../../../shared/api/clusters/common';
import { isTransitional, STATUS_COLOR } from './cluster-logic';

export function ClusterStatusChip({ status, size = 'small' }: { status: ClusterStatus; size?: 'small' | 'medium' }) {
  const moving = isTransitional(status);
  return (
    <Chip
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
