// Add or edit a port mapping. Fields are checked as they change with the shared schemas;
// Save stays disabled while a shown field is invalid. API errors (e.g. PORT_CONFLICT)
// appear in the dialog with their details, and the dialog stays open.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { PortMapping } from '../../../../../shared/api/clusters/ports';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { notify } from '../../../app/notifications/notifications-store';
import { toNormalizedError } from '../../../bridge/errors';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PortAccessFields } from './PortAccessFields';
import { emptyPortForm, portFormFrom, toCreatePortRequest, toUpdatePortRequest, type PortForm } from './port-form';
import { HealthFields, MappingFields } from './PortFields';
import { useProxy } from './proxy-store';

export interface PortDialogProps {
  open: boolean;
  /** The mapping to edit; null adds one. */
  port: PortMapping | null;
  team: readonly string[];
  onClose(): void;
}

/** Which form fields a patch touches; the IP list counts as one field for its entries. */
function touchedBy(patch: Partial<PortForm>): string[] {
  return Object.keys(patch);
}

function visible(field: string, touched: ReadonlySet<string>, submitted: boolean): boolean {
  if (submitted) return true;
  if (field.startsWith('ip.')) return touched.has('ipWhitelist');
  return touched.has(field);
}

export function PortDialog({ open, port, team, onClose }: PortDialogProps) {
  const editing = port !== null;
  const [form, setForm] = useState<PortForm>(emptyPortForm);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [apiError, setApiError] = useState<NormalizedError | null>(null);

  useEffect(() => {
    if (!open) return;
    setForm(port ? portFormFrom(port) : emptyPortForm());
    setTouched(new Set());
    setSubmitted(false);
    setApiError(null);
  }, [open, port]);

  const result = useMemo(() => (editing ? toUpdatePortRequest(form) : toCreatePortRequest(form)), [editing, form]);
  const errors = result.ok ? {} : result.errors;
  const error = (field: string) => (visible(field, touched, submitted) ? errors[field] : undefined);
  const shownErrors = Object.keys(errors).filter((f) => visible(f, touched, submitted));

  const update = (patch: Partial<PortForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setTouched((t) => new Set([...t, ...touchedBy(patch)]));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!result.ok) return;
    setBusy(true);
    setApiError(null);
    try {
      const store = useProxy.getState();
      if (editing) {
        const r = toUpdatePortRequest(form);
        if (!r.ok) return;
        const saved = await store.updatePort(port.id, r.request);
        notify('success', `Port ${saved.internal_port} → ${saved.external_port} updated`);
      } else {
        const r = toCreatePortRequest(form);
        if (!r.ok) return;
        const saved = await store.createPort(r.request);
        notify('success', `Port ${saved.internal_port} mapped to ${saved.external_port}${form.externalPort.trim() === '' ? ' (assigned automatically)' : ''}`);
      }
      onClose();
    } catch (e) {
      setApiError(toNormalizedError(e));
    } finally {
      setBusy(false);
    }
  };

  const title = editing ? `Edit port ${port.internal_port} → ${port.external_port}` : 'Add port mapping';
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="port-dialog-title" data-testid="port-dialog">
      {/* A flex column, so the content scrolls between a fixed title and fixed actions. */}
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <DialogTitle id="port-dialog-title">{title}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <MappingFields form={form} error={error} update={update} editing={editing} />
            <Divider />
            <HealthFields form={form} error={error} update={update} />
            <Divider />
            <Typography variant="subtitle2">Access control</Typography>
            <PortAccessFields form={form} error={error} update={update} team={team} />
            {error('form') && <Typography color="error" variant="body2">{error('form')}</Typography>}
            {apiError && <ErrorAlert error={apiError} />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || shownErrors.length > 0}
            startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}
            data-testid="port-save"
          >
            {editing ? 'Save changes' : 'Add mapping'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
