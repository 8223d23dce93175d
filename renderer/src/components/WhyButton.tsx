// The "Why?" every 403 offers (issue 19): opens the explained permission check of the call that
// was refused. Nothing for other errors, or for a 403 that names no call.
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import Button from '@mui/material/Button';
import type { NormalizedError } from '../../../shared/api/errors';
import { canExplain, explainRefusal } from '../platform/why';

export function WhyButton({ error, color = 'inherit' }: { error: NormalizedError | null | undefined; color?: 'inherit' | 'error' }) {
  if (!canExplain(error)) return null;
  return (
    <Button
      size="small"
      color={color}
      startIcon={<HelpOutline fontSize="small" />}
      onClick={() => explainRefusal(error)}
      data-testid="why-button"
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      Why?
    </Button>
  );
}
