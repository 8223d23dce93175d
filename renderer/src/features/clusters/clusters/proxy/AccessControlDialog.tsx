// Access control of the whole proxy (PUT /proxy/access): default authentication, sessions,
// IP allow and block lists, global and per-user rate limits, security headers.
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
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
import { FormField, type BoundForm } from '../../../../components/form/FormField';

export function AccessControlDialog({ open, access, onClose }: { open: boolean; access: ProxyAccessControl | null; onClose(): void }) {
  const state = useValidatedForm<AccessForm | null, UpdateProxyAccessRequest>({
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
  const { form, update, errors } = state;
  if (!form) return null;
  const bound: BoundForm<AccessForm> = { form, update, errors };

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
      state={state}
      fieldLabels={ACCESS_LABELS}
      submitLabel="Save"
      submitDisabled={!state.valid}
      submitTestId="access-save"
    >
      <FormControlLabel
        control={<Switch checked={form.defaultAuthentication} onChange={(e) => update({ defaultAuthentication: e.target.checked })} />}
        label="Require sign-in by default (ports may override)"
      />
      <Stack direction="row" spacing={1.5}>
        <FormField
          form={bound}
          name="sessionTimeout"
          label="Session timeout (min)"
          hint={`${SESSION_TIMEOUT_MIN}–${SESSION_TIMEOUT_MAX}`}
          inputMode="numeric"
          sx={{ flex: 1 }}
        />
        <FormField
          form={bound}
          name="maxSessions"
          label="Concurrent sessions"
          hint={`1–${MAX_SESSIONS_MAX}`}
          inputMode="numeric"
          sx={{ flex: 1 }}
        />
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
        <FormField
          form={bound}
          name="globalRpm"
          label="Global, per minute"
          hint="All callers together"
          inputMode="numeric"
          sx={{ flex: 1 }}
        />
        <FormField form={bound} name="globalBurst" label="Global burst" inputMode="numeric" sx={{ flex: 1 }} />
      </Stack>
      <Stack direction="row" spacing={1.5}>
        <FormField
          form={bound}
          name="userRpm"
          label="Per user, per minute"
          hint="At most the global limit"
          inputMode="numeric"
          sx={{ flex: 1 }}
        />
        <FormField form={bound} name="userBurst" label="Per-user burst" inputMode="numeric" sx={{ flex: 1 }} />
      </Stack>
      <Divider />
      <Typography variant="subtitle2">Security headers</Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <FormControlLabel control={<Switch checked={form.hsts} onChange={(e) => update({ hsts: e.target.checked })} />} label="HSTS" />
        <FormField form={bound} name="xFrameOptions" select label="X-Frame-Options" hint={null} sx={{ width: 200 }}>
          {XFrameOptions.options.map((o) => (
            <MenuItem key={o} value={o}>
              {o}
            </MenuItem>
          ))}
        </FormField>
      </Stack>
      <FormField
        form={bound}
        name="csp"
        label="Content-Security-Policy"
        hint="Empty: no header"
        lines={2}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
    </FormDialog>
  );
}
