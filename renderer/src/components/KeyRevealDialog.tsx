// The one dialog that ever shows a secret value: once, right after create or rotate.
// It holds the value only while open; the caller drops it on close, and nothing here
// logs or persists it. "Use as a profile" hands it to the main process's keychain.
import WarningAmber from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { NormalizedError } from '../../../shared/api/errors';
import { ProfileName } from '../../../shared/ipc/contract';
import { toNormalizedError } from '../bridge/errors';
import { MONO_FONT } from '../lib/fonts';
import { useKeyStorage } from '../lib/key-storage';
import { CopyButton } from './CopyButton';
import { ErrorAlert } from './ErrorAlert';

export interface RevealedKey {
  title: string;
  keyName: string;
  value: string;
}

export interface KeyRevealDialogProps {
  revealed: RevealedKey | null;
  onClose(): void;
  /** Stores the key in the keychain as a new profile; absent hides the section. */
  onUseAsProfile?(profileName: string, activate: boolean): Promise<void>;
  onCopyError?(message: string): void;
}

function UseAsProfile({ keyName, onUseAsProfile }: { keyName: string; onUseAsProfile(name: string, activate: boolean): Promise<void> }) {
  const [name, setName] = useState(keyName.slice(0, 60));
  const [activate, setActivate] = useState(true);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const storage = useKeyStorage();
  const [error, setError] = useState<NormalizedError | null>(null);
  const nameCheck = ProfileName.safeParse(name);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onUseAsProfile(nameCheck.success ? nameCheck.data : name, activate);
      setDone(true);
    } catch (e) {
      setError(toNormalizedError(e));
    } finally {
      setBusy(false);
    }
  };
  const kept = storage ? `kept ${storage.where}` : 'kept by the console';
  if (done)
    return (
      <Alert severity="success">
        Saved as profile “{name}”. The key is {kept}, not in this window.
      </Alert>
    );
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2">Use as a profile</Typography>
      <Typography variant="body2" color="text.secondary">
        Connect the console with this key. It is {kept}; the profile keeps only its name and address.
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Profile name"
          size="small"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={!nameCheck.success}
          helperText={nameCheck.success ? ' ' : nameCheck.error.issues[0]?.message}
          sx={{ flex: 1 }}
        />
        <Button variant="outlined" onClick={submit} disabled={busy || !nameCheck.success} sx={{ mt: 0.25 }}>
          Use as a profile
        </Button>
      </Stack>
      <FormControlLabel
        control={<Checkbox size="small" checked={activate} onChange={(e) => setActivate(e.target.checked)} />}
        label="Switch to this profile now"
      />
      {error && <ErrorAlert error={error} />}
    </Stack>
  );
}

export function KeyRevealDialog({ revealed, onClose, onUseAsProfile, onCopyError }: KeyRevealDialogProps) {
  // Keep the last value only for the closing transition, then let it go.
  const [shown, setShown] = useState<RevealedKey | null>(revealed);
  useEffect(() => {
    if (revealed) setShown(revealed);
  }, [revealed]);
  return (
    <Dialog
      open={revealed !== null}
      onClose={(_, reason) => reason !== 'backdropClick' && onClose()}
      maxWidth="sm"
      fullWidth
      aria-labelledby="key-reveal-title"
      data-testid="key-reveal-dialog"
      slotProps={{ transition: { onExited: () => setShown(null) } }}
    >
      {shown && (
        <>
          <DialogTitle id="key-reveal-title">{shown.title}</DialogTitle>
          <DialogContent>
            <Alert severity="warning" icon={<WarningAmber />} sx={{ mb: 2 }}>
              Copy this key now. It is shown only this once and cannot be retrieved later.
            </Alert>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
              <Box
                data-testid="revealed-key"
                sx={{
                  flex: 1,
                  fontFamily: MONO_FONT,
                  fontSize: 13,
                  p: 1.25,
                  borderRadius: 1,
                  bgcolor: 'action.hover',
                  wordBreak: 'break-all',
                  userSelect: 'all',
                }}
              >
                {shown.value}
              </Box>
              <CopyButton value={shown.value} label="Copy key" variant="button" onError={onCopyError} />
            </Stack>
            {onUseAsProfile && (
              <>
                <Divider sx={{ mb: 2 }} />
                <UseAsProfile keyName={shown.keyName} onUseAsProfile={onUseAsProfile} />
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              Done
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
