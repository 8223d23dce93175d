// The one dialog that ever shows a secret value: once, right after create or rotate.
// It holds the value only while open; the caller drops it on close, and nothing here
// logs or persists it. "Use as a profile" hands it to the main process's keychain.
// A value lost is lost for good, so the dialog closes (Done or Esc) only once the value was
// copied, kept as a profile, or the user says it was saved; never on a backdrop click.
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
import { useEffect, useRef, useState } from 'react';
import type { NormalizedError } from '../../../shared/api/errors';
import { ProfileName } from '../../../shared/ipc/contract';
import { toNormalizedError } from '../bridge/errors';
import { MONO_FONT } from '../lib/fonts';
import { useKeyStorage } from '../platform/key-storage';
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

function UseAsProfile({
  keyName,
  onUseAsProfile,
  onSaved,
}: {
  keyName: string;
  onUseAsProfile(name: string, activate: boolean): Promise<void>;
  onSaved(): void;
}) {
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
      onSaved();
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
  const [copied, setCopied] = useState(false);
  const [keptAsProfile, setKeptAsProfile] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [nudged, setNudged] = useState(false);
  useEffect(() => {
    if (!revealed) return;
    setShown(revealed);
    setCopied(false);
    setKeptAsProfile(false);
    setConfirmed(false);
    setNudged(false);
  }, [revealed]);
  const saved = copied || keptAsProfile || confirmed;
  // A confirmation closing underneath (rotate) gives the focus back to its row button, outside
  // this dialog, where Esc and Tab would not reach it: keep the focus here while it is open.
  const paperRef = useRef<HTMLDivElement>(null);
  const open = revealed !== null;
  useEffect(() => {
    if (!open) return;
    const keep = (event: FocusEvent) => {
      const paper = paperRef.current;
      const target = event.target;
      // Another dialog opened over this one (the command palette) keeps its focus.
      if (!(target instanceof Element) || target.closest('.MuiModal-root') !== null) return;
      if (paper && !paper.contains(target)) {
        paper.querySelector<HTMLElement>('[data-testid="revealed-key-copy"] button, button')?.focus();
      }
    };
    document.addEventListener('focusin', keep);
    return () => document.removeEventListener('focusin', keep);
  }, [open]);
  const close = () => {
    if (saved) onClose();
    else setNudged(true);
  };
  return (
    <Dialog
      open={open}
      onClose={(_, reason) => reason !== 'backdropClick' && close()}
      maxWidth="sm"
      fullWidth
      aria-labelledby="key-reveal-title"
      data-testid="key-reveal-dialog"
      slotProps={{ transition: { onExited: () => setShown(null) }, paper: { ref: paperRef } }}
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
              <Box data-testid="revealed-key-copy">
                <CopyButton value={shown.value} label="Copy key" variant="button" onError={onCopyError} onCopied={() => setCopied(true)} />
              </Box>
            </Stack>
            {onUseAsProfile && (
              <>
                <Divider sx={{ mb: 2 }} />
                <UseAsProfile keyName={shown.keyName} onUseAsProfile={onUseAsProfile} onSaved={() => setKeptAsProfile(true)} />
              </>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <FormControlLabel
                control={<Checkbox size="small" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />}
                label="I have saved this key"
              />
              {nudged && !saved && (
                <Typography
                  variant="caption"
                  role="status"
                  data-testid="reveal-close-hint"
                  sx={{ display: 'block', color: 'warning.main' }}
                >
                  Copy the key or tick “I have saved this key” before closing: it cannot be shown again.
                </Typography>
              )}
            </Box>
            <Button variant="contained" onClick={close}>
              Done
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
