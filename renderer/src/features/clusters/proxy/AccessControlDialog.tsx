// Access control of the whole proxy (PUT /proxy/access): default authentication, sessions,
// IP allow and block lists, global and per-user rate limits, security headers.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { MAX_SESSIONS_MAX, SESSION_TIMEOUT_MAX, SESSION_TIMEOUT_MIN, XFrameOptions, type ProxyAccessControl } from '../../../../../shared/api/clusters/proxy';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { notify } from '../../../app/notifications/notifications-store';
import { toNormalizedError } from '../../../bridge/errors';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { accessFormFrom, toAccessRequest, type AccessForm } from './access-form';
import { IpListField } from './IpListField';
import { useProxy } from './proxy-store';

type NumberField = 'sessionTimeout' | 'maxSessions' | 'globalRpm' | 'globalBurst' | 'userRpm' | 'userBurst';

export function AccessControlDialog({ open, access, onClose }: { open: boolean; access: ProxyAccessControl | null; onClose(): void }) {
  const [form, setForm] = useState<AccessForm | null>(null);
  const [busy, setBusy] = useState(false);
  const [apiError, setApiError] = useState<NormalizedError | null>(null);

  useEffect(() => {
    if (!open || !access) return;
    setForm(accessFormFrom(access));
    setApiError(null);
    // Only when the dialog opens: a background refresh must not wipe what is being typed.
  }, [open]);

  const result = useMemo(() => (form ? toAccessRequest(form) : null), [form]);
  const errors = result && !result.ok ? result.errors : {};
  if (!form) return null;

  const update = (patch: Partial<AccessForm>) => setForm((f) => (f ? { ...f, ...patch } : f));
  const num = (field: NumberField, label: string, help: string) => (
    <TextField
      label={label}
      value={form[field]}
      onChange={(e) => update({ [field]: e.target.value })}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? help}
      size="small"
      sx={{ flex: 1 }}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!result?.ok) return;
    setBusy(true);
    setApiError(null);
    try {
      await useProxy.getState().updateAccess(result.request);
      notify('success', 'Proxy access control saved');
      onClose();
    } catch (e) {
      setApiError(toNormalizedError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="access-dialog-title" data-testid="access-dialog">
      {/* A flex column, so the content scrolls between a fixed title and fixed actions. */}
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <DialogTitle id="access-dialog-title">Proxy access control</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <FormControlLabel
              control={<Switch checked={form.defaultAuthentication} onChange={(e) => update({ defaultAuthentication: e.target.checked })} />}
              label="Require sign-in by default (ports may override)"
            />
            <Stack direction="row" spacing={1.5}>
              {num('sessionTimeout', 'Session timeout (min)', `${SESSION_TIMEOUT_MIN}–${SESSION_TIMEOUT_MAX}`)}
              {num('maxSessions', 'Concurrent sessions', `1–${MAX_SESSIONS_MAX}`)}
            </Stack>
            <Divider />
            <IpListField label="IP allow-list" emptyText="Any address may connect." entries={form.ipWhitelist} errorAt={(i) => errors[`allow.${i}`]} listError={errors.ipWhitelist} onChange={(ipWhitelist) => update({ ipWhitelist })} testId="proxy-ip-allowlist" />
            <IpListField label="Blocked addresses" emptyText="No address is blocked." entries={form.blockedIps} errorAt={(i) => errors[`block.${i}`]} listError={errors.blockedIps} onChange={(blockedIps) => update({ blockedIps })} testId="proxy-ip-blocklist" />
            <Divider />
            <Typography variant="subtitle2">Rate limits</Typography>
            <Stack direction="row" spacing={1.5}>
              {num('globalRpm', 'Global, per minute', 'All callers together')}
              {num('globalBurst', 'Global burst', ' ')}
            </Stack>
            <Stack direction="row" spacing={1.5}>
              {num('userRpm', 'Per user, per minute', 'At most the global limit')}
              {num('userBurst', 'Per-user burst', ' ')}
            </Stack>
            <Divider />
            <Typography variant="subtitle2">Security headers</Typography>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <FormControlLabel control={<Switch checked={form.hsts} onChange={(e) => update({ hsts: e.target.checked })} />} label="HSTS" />
              <TextField select label="X-Frame-Options" value={form.xFrameOptions} onChange={(e) => update({ xFrameOptions: XFrameOptions.parse(e.target.value) })} size="small" sx={{ width: 200 }}>
                {XFrameOptions.options.map((o) => (
                  <MenuItem key={o} value={o}>
                    {o}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <TextField
              label="Content-Security-Policy"
              value={form.csp}
              onChange={(e) => update({ csp: e.target.value })}
              error={Boolean(errors.csp)}
              helperText={errors.csp ?? 'Empty: no header'}
              size="small"
              multiline
              minRows={2}
              slotProps={{ htmlInput: { spellCheck: false } }}
            />
            {errors.form && <Typography color="error" variant="body2">{errors.form}</Typography>}
            {apiError && <ErrorAlert error={apiError} />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !result?.ok} startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined} data-testid="access-save">
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
