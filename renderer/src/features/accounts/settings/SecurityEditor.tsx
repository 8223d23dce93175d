// Security: two-factor, the API allow-list (rows checked as typed, the address the console
// connects from, a warning before a Save that would refuse it), sessions and audit. A Save the
// server refuses with SELF_LOCKOUT asks once more, naming the consequence, and is sent again
// with allow_lockout only if the operator confirms.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { parseAllowEntry, TWO_FACTOR_METHODS, type UpdateSecurityRequest } from '../../../../../shared/api/accounts/settings';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Section } from '../../../components/Section';
import { FormField } from '../../../components/form/FormField';
import { RowsEditor } from '../../../components/form/RowsEditor';
import { toNormalizedError } from '../../../bridge/errors';
import { EditorFrame } from './EditorFrame';
import { ReadOnlyField, SwitchField } from './fields';
import { allowRow, rowErrorKeys, SECURITY_RULES, securitySpec, suggestedEntry, wouldLockOut, type SecurityForm } from './security-form';
import { useSettings, type Settings } from './settings-store';
import { useSectionEditor } from './use-section-editor';

const METHOD_LABELS: Record<(typeof TWO_FACTOR_METHODS)[number], string> = { totp: 'Authenticator app (TOTP)', sms: 'Text message (SMS)' };

export function SecurityEditor({ section }: { section: Settings['security'] }) {
  const save = useSettings((s) => s.save);
  const address = section.api_access.your_address;
  /** A Save waiting for the operator to accept that it refuses their own address. */
  const [lockout, setLockout] = useState<{ request: Partial<UpdateSecurityRequest>; fromServer: boolean } | null>(null);
  /** Rows the operator has left: their own check shows from then on, not while the first characters are typed. */
  const [left, setLeft] = useState<ReadonlySet<number>>(() => new Set());
  const editor = useSectionEditor('security', section, securitySpec, async (request, form) => {
    if (request.api_access && wouldLockOut(form, address)) {
      setLockout({ request, fromServer: false });
      return;
    }
    try {
      await save('security', request);
    } catch (e) {
      if (toNormalizedError(e).code !== 'SELF_LOCKOUT') throw e;
      setLockout({ request, fromServer: true });
    }
  });
  const { form, update, errors } = editor;
  const rowKeys = rowErrorKeys(form.allowList);
  const locksOut = wouldLockOut(form, address);

  return (
    <EditorFrame editor={editor} label="Security">
      <Section title="Two-factor authentication" description="A second step at sign-in for every member of the account">
        <Stack spacing={1.5}>
          <SwitchField
            label="Require two-factor authentication"
            checked={form.twoFactorEnabled}
            onChange={(on) => update({ twoFactorEnabled: on })}
          />
          <Stack direction="row" spacing={3} sx={{ alignItems: 'flex-start' }}>
            <FormField form={editor} name="twoFactorMethod" errorKey="two_factor.method" select label="Method" sx={{ width: 280 }}>
              {TWO_FACTOR_METHODS.map((m) => (
                <MenuItem key={m} value={m}>
                  {METHOD_LABELS[m]}
                </MenuItem>
              ))}
            </FormField>
            <ReadOnlyField
              label="Backup codes left"
              value={section.two_factor.backup_codes}
              note="Read-only: members regenerate their own"
            />
          </Stack>
        </Stack>
      </Section>

      <Section
        title="API access"
        description="Which addresses may call the API with this account's keys, and how many keys it may hold"
        testId="allow-list"
      >
        <Stack spacing={1.5}>
          <Typography variant="body2" data-testid="your-address">
            {address ? (
              <>
                You are connecting from <strong>{address}</strong>
              </>
            ) : (
              'The address you connect from is not known'
            )}
          </Typography>
          <RowsEditor<SecurityForm['allowList'][number]>
            rows={form.allowList}
            onChange={(allowList) => update({ allowList })}
            newRow={() => allowRow()}
            addLabel="Add address or range"
            removeLabel={(i) => `Remove entry ${i + 1}`}
            renderRow={(row, _i, set) => {
              const key = rowKeys.get(row.id);
              const live = row.value.trim() === '' ? null : parseAllowEntry(row.value);
              // The schema's verdict after a Save; before, the row's own check once the row was left.
              const error = (key && errors[key]) || (live && !live.ok && (editor.submitted || left.has(row.id)) ? live.reason : undefined);
              const suggestion = row.value.trim() ? suggestedEntry(row.value) : null;
              return (
                <Stack spacing={0.5} sx={{ flex: 1, maxWidth: 560 }} data-testid="allow-row">
                  <TextField
                    size="small"
                    label="Address or range"
                    value={row.value}
                    onChange={(e) => set({ value: e.target.value })}
                    onBlur={() => setLeft((l) => new Set([...l, row.id]))}
                    error={Boolean(error)}
                    helperText={error ?? 'An address (203.0.113.7, 2001:db8::1) or a range (203.0.113.0/24)'}
                    slotProps={{ htmlInput: { spellCheck: false } }}
                  />
                  {suggestion && (
                    <Button size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => set({ value: suggestion })}>
                      Use {suggestion}
                    </Button>
                  )}
                </Stack>
              );
            }}
          />
          {errors['api_access.ip_whitelist'] && (
            <Typography variant="caption" color="error">
              {errors['api_access.ip_whitelist']}
            </Typography>
          )}
          <SwitchField
            label="Only allow these addresses"
            description="When on, a request from any other address is refused, whatever its key"
            checked={form.requireAllowList}
            onChange={(on) => update({ requireAllowList: on })}
          />
          {locksOut && (
            <Alert severity="warning" data-testid="lockout-warning">
              Saving this would refuse your own address {address}: this console could no longer call the API with this key. Add {address}{' '}
              (or a range that holds it) to the list, or turn the requirement off.
            </Alert>
          )}
          <FormField
            form={editor}
            name="maxApiKeys"
            errorKey="api_access.max_api_keys"
            label="Maximum API keys"
            inputMode="numeric"
            hint={SECURITY_RULES['api_access.max_api_keys']}
            sx={{ width: 220 }}
          />
        </Stack>
      </Section>

      <Section title="Sessions" description="How long a sign-in lasts and how many may be open at once">
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <FormField
              form={editor}
              name="sessionTimeout"
              errorKey="session.timeout"
              label="Session timeout (hours)"
              inputMode="numeric"
              hint={SECURITY_RULES['session.timeout']}
              sx={{ width: 220 }}
            />
            <FormField
              form={editor}
              name="concurrentSessions"
              errorKey="session.concurrent_sessions"
              label="Concurrent sessions"
              inputMode="numeric"
              hint={SECURITY_RULES['session.concurrent_sessions']}
              sx={{ width: 220 }}
            />
          </Stack>
          <SwitchField label="Ask to sign in again for sensitive actions" checked={form.reauth} onChange={(on) => update({ reauth: on })} />
        </Stack>
      </Section>

      <Section title="Audit" description="What the audit log records and how long it keeps it">
        <Stack spacing={1.5}>
          <SwitchField label="Log API requests" checked={form.logApiRequests} onChange={(on) => update({ logApiRequests: on })} />
          <SwitchField label="Log resource access" checked={form.logResourceAccess} onChange={(on) => update({ logResourceAccess: on })} />
          <FormField
            form={editor}
            name="retentionDays"
            errorKey="audit.retention_days"
            label="Keep audit events (days)"
            inputMode="numeric"
            hint={SECURITY_RULES['audit.retention_days']}
            sx={{ width: 220 }}
          />
        </Stack>
      </Section>

      <ConfirmDialog
        open={lockout !== null}
        title="Lock out your own address?"
        confirmLabel="Save anyway"
        destructive
        onConfirm={async () => {
          if (lockout) await save('security', { ...lockout.request, allow_lockout: true });
        }}
        onClose={() => setLockout(null)}
      >
        {lockout?.fromServer ? 'The server refused this change without your confirmation. ' : ''}
        With this allow-list, requests from {address ?? 'the address this console connects from'} are refused. This console, and every key
        used from here, can no longer call the API; only a request from an allowed address can undo it.
      </ConfirmDialog>
    </EditorFrame>
  );
}
