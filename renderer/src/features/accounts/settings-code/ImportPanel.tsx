// Import: a JSON or YAML file is read here (bounded, its errors in words), planned by the server
// (validate_only) and shown as a plan before anything changes; Apply asks first when the plan
// carries risks, and once more — "you will lock yourself out" — when the server refuses with
// SELF_LOCKOUT; the applied plan is then shown, as the server answered it.
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useRef, useState, type ChangeEvent } from 'react';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { toNormalizedError } from '../../../bridge/errors';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Section } from '../../../components/Section';
import { notify } from '../../../platform/notifications-store';
import { useIntent } from '../../../platform/page-hooks';
import { totalChanges } from './plan-lines';
import { PlanView, RiskList } from './PlanView';
import { readSettingsFile } from './settings-file';
import { useSettingsCode } from './settings-code-store';

type Confirm = 'risky' | 'lockout' | null;

export function ImportPanel() {
  const { planning, pending, applied, planError } = useSettingsCode();
  const fileInput = useRef<HTMLInputElement | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [applyError, setApplyError] = useState<NormalizedError | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [applying, setApplying] = useState(false);
  const lockoutAddress = useRef<string>('');

  const pick = useCallback(() => fileInput.current?.click(), []);
  useIntent('settings-code:import', pick);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be picked again
    if (!file) return;
    setReadError(null);
    setApplyError(null);
    const read = readSettingsFile(file.name, await file.text(), file.size);
    if (!read.ok) {
      useSettingsCode.getState().clear();
      setReadError(read.error);
      return;
    }
    await useSettingsCode.getState().plan(file.name, read.body);
  };

  /** Applies; a SELF_LOCKOUT refusal asks once more. Throws other refusals to the dialog that asked. */
  const apply = async (allowLockout: boolean) => {
    try {
      await useSettingsCode.getState().apply(allowLockout);
      notify('success', 'Settings imported');
    } catch (e) {
      const error = toNormalizedError(e);
      if (error.code === 'SELF_LOCKOUT' && !allowLockout) {
        lockoutAddress.current = String(error.details.yourAddress ?? 'your address');
        setConfirm('lockout');
        return;
      }
      throw e;
    }
  };

  const onApply = async () => {
    if (!pending) return;
    setApplyError(null);
    if (pending.preview.plan.risks.length > 0) {
      setConfirm('risky');
      return;
    }
    setApplying(true);
    try {
      await apply(false);
    } catch (e) {
      setApplyError(toNormalizedError(e));
    } finally {
      setApplying(false);
    }
  };

  const preview = pending?.preview.plan;
  const changes = preview ? totalChanges(preview.counts) : 0;
  return (
    <Section
      title="Import"
      testId="settings-import"
      description="Read a JSON or YAML file (an export, or an object of sections): the plan shows every change before anything is applied. Secrets that read ******** keep their current values."
    >
      <Stack spacing={2}>
        <div>
          <Button
            variant="outlined"
            startIcon={planning ? <CircularProgress size={16} color="inherit" /> : <UploadFileOutlined />}
            disabled={planning || applying}
            onClick={pick}
          >
            Choose a settings file…
          </Button>
          <Box
            component="input"
            ref={fileInput}
            type="file"
            accept=".json,.yaml,.yml,application/json,application/yaml"
            onChange={(e: ChangeEvent<HTMLInputElement>) => void onFile(e)}
            sx={{ display: 'none' }}
            data-testid="settings-file-input"
            aria-label="Settings file"
          />
        </div>
        {readError && (
          <Alert severity="error" data-testid="settings-file-error" onClose={() => setReadError(null)}>
            {readError}
          </Alert>
        )}
        {planError && <ErrorAlert error={planError} />}
        {pending && preview && !applied && (
          <Stack spacing={1.5} data-testid="settings-preview">
            <Typography variant="subtitle2">
              Preview of{' '}
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {pending.fileName}
              </Box>{' '}
              — nothing has changed yet
            </Typography>
            <PlanView plan={preview} testId="plan-preview" />
            {applyError && <ErrorAlert error={applyError} />}
            <Stack direction="row" spacing={1}>
              <Button
                variant="contained"
                color={preview.risks.some((r) => r.severity === 'danger') ? 'error' : 'primary'}
                disabled={applying || changes === 0}
                onClick={() => void onApply()}
                data-testid="apply-import"
              >
                {changes === 0 ? 'Nothing to apply' : `Apply ${changes} change${changes === 1 ? '' : 's'}`}
              </Button>
              <Button onClick={() => useSettingsCode.getState().clear()} disabled={applying}>
                Discard
              </Button>
            </Stack>
          </Stack>
        )}
        {applied && (
          <Stack spacing={1.5} data-testid="settings-applied">
            <Alert severity="success" icon={<CheckCircleOutlined />}>
              Applied {pending?.fileName ?? 'the file'} at {new Date(applied.timestamp).toLocaleString()}: the plan below is what the server
              applied.
            </Alert>
            {pending && JSON.stringify(pending.preview.plan) !== JSON.stringify(applied.plan) && (
              <Alert severity="info" data-testid="plan-drift">
                The settings changed between the preview and the apply (another session, or a request of your own): the plan below is what
                was applied, not the preview.
              </Alert>
            )}
            <PlanView plan={applied.plan} testId="plan-applied" />
          </Stack>
        )}
        {!pending && !applied && !readError && !planError && (
          <Typography variant="body2" color="text.secondary" data-testid="import-empty">
            No file read yet. Choose one to see its plan; the palette's “Import settings…” does the same.
          </Typography>
        )}
      </Stack>
      <ConfirmDialog
        open={confirm === 'risky'}
        title="Apply a risky import?"
        confirmLabel="Apply"
        destructive
        onClose={() => setConfirm((c) => (c === 'risky' ? null : c))}
        onConfirm={() => apply(false)}
      >
        <Stack spacing={1}>
          <Typography variant="body2">Applying this file will:</Typography>
          {preview && <RiskList risks={preview.risks} />}
        </Stack>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'lockout'}
        title="You will lock yourself out"
        confirmLabel="Lock me out"
        destructive
        onClose={() => setConfirm(null)}
        onConfirm={() => apply(true)}
      >
        The allow-list in this file does not include your address {lockoutAddress.current}: once applied, every request from this console is
        refused with IP_NOT_ALLOWED. Only a listed address, or the emulator’s own routes, can undo it.
      </ConfirmDialog>
    </Section>
  );
}
