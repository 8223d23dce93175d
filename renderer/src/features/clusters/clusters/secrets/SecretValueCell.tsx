// The value column: masked until revealed; revealed, it shows the value with copy and hide. The
// column is narrow, so the revealed value opens whole (wrapped, with copy) in a popover on a click.
// And the notice above the table when a reveal failed (a 403: the role it needs).
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type MouseEvent } from 'react';
import type { NormalizedError } from '../../../../../../shared/api/errors';
import { notify } from '../../../../platform/notifications-store';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { WhyButton } from '../../../../components/WhyButton';
import { CopyButton } from '../../../../components/CopyButton';
import { MONO_FONT } from '../../../../lib/fonts';
import { MASK } from './secret-status';

export interface SecretValueCellProps {
  name: string;
  value: string | undefined;
  pending: boolean;
  onReveal(): void;
  onHide(): void;
}

export function SecretValueCell({ name, value, pending, onReveal, onHide }: SecretValueCellProps) {
  const revealed = value !== undefined;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const text = {
    fontFamily: MONO_FONT,
    fontSize: 12,
    flex: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  } as const;
  return (
    <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center', minWidth: 0 }} onClick={(e) => e.stopPropagation()}>
      {revealed ? (
        <Box
          component="button"
          type="button"
          data-testid="secret-value"
          aria-label={`Show whole value of ${name}`}
          title="Show the whole value (hidden again after 30 seconds)"
          onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
          sx={{
            ...text,
            p: 0,
            border: 0,
            background: 'none',
            color: 'inherit',
            textAlign: 'left',
            cursor: 'pointer',
            userSelect: 'all',
            '&:hover, &:focus-visible': { textDecoration: 'underline' },
          }}
        >
          {value}
        </Box>
      ) : (
        <Box data-testid="secret-value" sx={{ ...text, userSelect: 'none' }}>
          {MASK}
        </Box>
      )}
      {revealed && (
        <Popover
          open={anchor !== null}
          anchorEl={anchor}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          slotProps={{ paper: { 'aria-label': `Value of ${name}`, role: 'dialog', sx: { p: 1.5, maxWidth: 480 } } }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography
              data-testid="secret-value-whole"
              sx={{ fontFamily: MONO_FONT, fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', userSelect: 'all', flex: 1 }}
            >
              {value}
            </Typography>
            <CopyButton value={value} label={`Copy whole value of ${name}`} onError={(m) => notify('error', m)} />
          </Stack>
        </Popover>
      )}
      {pending ? (
        <CircularProgress size={16} sx={{ mx: 0.75 }} aria-label={`Revealing ${name}`} />
      ) : revealed ? (
        <>
          <CopyButton value={value} label={`Copy value of ${name}`} onError={(m) => notify('error', m)} />
          <Tooltip title="Hide">
            <IconButton size="small" aria-label={`Hide value of ${name}`} onClick={onHide}>
              <VisibilityOff fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      ) : (
        <Tooltip title="Reveal (fetched now, hidden again after 30 s)">
          <IconButton size="small" aria-label={`Reveal value of ${name}`} onClick={onReveal}>
            <Visibility fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}

/** Why a reveal failed, dismissable; nothing when none did. */
export function RevealError({ error, onDismiss }: { error: NormalizedError | null; onDismiss(): void }) {
  if (!error) return null;
  return (
    <Box data-testid="reveal-error">
      {error.status === 403 ? (
        <Alert
          severity="warning"
          action={
            <>
              <WhyButton error={error} />
              <Button color="inherit" size="small" onClick={onDismiss}>
                Dismiss
              </Button>
            </>
          }
        >
          {error.message}
        </Alert>
      ) : (
        <ErrorAlert
          error={error}
          action={
            <Button color="inherit" size="small" onClick={onDismiss}>
              Dismiss
            </Button>
          }
        />
      )}
    </Box>
  );
}
