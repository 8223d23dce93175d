import Chip from '@mui/material/Chip';
import type { EffectiveStatus } from './key-status';

const colors = { active: 'success', expired: 'warning', revoked: 'default' } as const;

export function KeyStatusChip({ status }: { status: EffectiveStatus }) {
  return (
    <Chip
      size="small"
      variant={status === 'active' ? 'filled' : 'outlined'}
      color={colors[status]}
      label={status}
      data-testid="key-status"
    />
  );
}
