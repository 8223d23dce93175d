// Access control of the whole proxy (PUT /proxy/access): default authentication, sessions,
// IP allow and block lists, global and per-user rate limits, security headers.
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MAX_SESSIONS_MAX,
  SESSION_TIMEOUT_MAX,
  SESSION_TIMEOUT_MIN,
  XFrameOptions,
  type ProxyAccessControl,
  type UpdateProxyAccessRequest,
} from '../../../../../../shared/api/clusters/proxy';
import { notify } from '../../../../platform/notifications-store';
import { FormDialog } from '../../../../components/form/FormDialog';
import { useValidatedForm } from '../../../../components/form/use-validated-form';
import type { ServerFieldError } from '../../../../components/form/use-validated-form';
import { ACCESS_LABELS, accessApiErrorFields, accessFormFrom, toAccessRequest, type AccessForm } from './access-form';
import { IpListField } from './IpListField';
import { useProxy } from './proxy-store';
import { FormField } from '../../../../components/form/FormField';

type NumberField = 'sessionTimeout' | 'maxSessions' | 'globalRpm' | 'globalBurst' | 'userRpm' | 'userBurst';

export function AccessControlDialog({ open, access, onClose }: { open: boolean; access: ProxyAccessControl | null; onClose(): void }) {
  const { form, update, errors, errorAttempt, valid, busy, apiError, onSubmit } = useValidatedForm<
    AccessForm | null,
    UpdateProxyAccessRequest
  >({
    open,
    initial: () => (access ? accessFormFrom(access) : null),
    validate: (f) => (f ? toAccessRequest(f) : { ok: false, errors: {} }),
    // Every choice is checked as it is made; Save stays disabled while any is invalid.
    showErrors: 'always',
    placeApiError: (e) => accessApiErrorFields(e) as ServerFieldError<AccessForm | null>[] | null,
    submit: async (request) => {
      await useProxy.getState().updateAccess(request);
      notify('success', 'Proxy access control saved');
      onClose();
    },
  });
  if (!form) return null;

  const num = (field: NumberField, label: string, help: string) => (
    <FormField<AccessForm>
      form={{ form, update, errors }}
      name={field}
      label={label}
      hint={help}
      sx={{ flex: 1 }}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="access-dialog"
      titleId="access-dialog-title"
      title="Proxy access control"
      dividers
      scrollContent
      spacing={2.5}
      busy={busy}
      apiError={apiError}
      onSubmit={onSubmit}
      errors={errors}
      errorAttempt={errorAttempt}
      fieldLabels={ACCESS_LABELS}
      submitLabel="Save"
      submitDisabled={!valid}
      submitTestId="access-save"
    >
      <FormControlLabel
        control={<Switch checked={form.defaultAuthentication} onChange={(e) => update({ defaultAuthentication: e.target.checked })} />}
        label="Require sign-in by default (ports may override)"
      />
      <Stack direction="row" spacing={1.5}>
        {num('sessionTimeout', 'Session timeout (min)', `${SESSION_TIMEOUT_MIN}–${SESSION_TIMEOUT_MAX}`)}
        {num('maxSessions', 'Concurrent sessions', `1–${MAX_SESSIONS_MAX}`)}
      </Stack>
      <Divider />
      <IpListField
        label="IP allow-list"
        emptyText="Any address may connect."
        entries={form.ipWhitelist}
        errorAt={(i) => errors[`allow.${i}`]}
        listError={errors.ipWhitelist}
        onChange={(ipWhitelist) => update({ ipWhitelist })}
        testId="proxy-ip-allowlist"
      />
      <IpListField
        label="Blocked addresses"
        emptyText="No address is blocked."
        entries={form.blockedIps}
        errorAt={(i) => errors[`block.${i}`]}
        listError={errors.blockedIps}
        onChange={(blockedIps) => update({ blockedIps })}
        testId="proxy-ip-blocklist"
      />
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
        <TextField
          select
          label="X-Frame-Options"
          value={form.xFrameOptions}
          onChange={(e) => update({ xFrameOptions: XFrameOptions.parse(e.target.value) })}
          size="small"
          sx={{ width: 200 }}
        >
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
    </FormDialog>
  );
}
