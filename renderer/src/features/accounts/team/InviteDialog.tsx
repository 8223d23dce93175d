// Invite several people at once: an address and a role per row (addresses pasted together
// spread over rows), one lifetime and an optional message for all. Each address is its own
// invitation: those sent leave the form, and a refused one stays with the API's reason on it,
// until that address is changed.
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormDialog } from '../../../components/form/FormDialog';
import { FormField } from '../../../components/form/FormField';
import { RowsEditor } from '../../../components/form/RowsEditor';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { notify } from '../../../platform/notifications-store';
import {
  emptyInviteForm,
  INVITATION_LIFETIMES,
  INVITE_ROWS_MAX,
  inviteErrorText,
  MESSAGE_MAX,
  spreadPasted,
  validateInvite,
  type InviteForm,
  type InviteRequest,
  type InviteRow,
} from './invite-form';
import { useTeam } from './team-store';

const LIFETIME_LABEL = { '1d': '1 day', '7d': '7 days', '30d': '30 days' } as const;

export function InviteDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const roles = useTeam((s) => s.roles);
  const roleNames = useTeam((s) => s.roleNames);
  const members = useTeam((s) => s.members);
  const roleName = (key: string) => roleNames[key] ?? key;
  const defaultRole = roles.find((r) => r.key === 'developer')?.key ?? roles[0]?.key ?? '';
  // The API's refusals, by the address they concern: shown while that row holds that address.
  const [refused, setRefused] = useState<Record<string, string>>({});
  const state = useValidatedForm<InviteForm, InviteRequest[]>({
    open,
    initial: () => emptyInviteForm(defaultRole),
    validate: (form) => validateInvite(form, { members, roles: roles.map((r) => r.key), roleName }),
    onReset: () => setRefused({}),
    submit: async (requests) => {
      const outcomes = await useTeam.getState().invite(requests);
      const failed: Record<string, string> = {};
      outcomes.forEach((error, i) => {
        if (error) failed[requests[i]!.email.toLowerCase()] = inviteErrorText(error, roleName);
      });
      const sent = outcomes.filter((o) => o === null).length;
      if (sent > 0) notify('success', sent === 1 ? 'Invitation sent' : `${sent} invitations sent`);
      if (Object.keys(failed).length === 0) {
        onClose();
        return;
      }
      // The refused addresses stay, each with its reason; the sent ones leave the form.
      setRefused(failed);
      state.setForm((f) => {
        const rows = f.rows.filter((r) => failed[r.email.trim().toLowerCase()] !== undefined);
        return { ...f, rows: rows.length > 0 ? rows : f.rows };
      });
    },
  });
  const { form, update } = state;
  const rowErrors = Object.fromEntries(
    form.rows.flatMap((r, i) => {
      const reason = refused[r.email.trim().toLowerCase()];
      return reason ? [[`rows.${i}.email`, reason]] : [];
    }),
  );
  const errors = { ...rowErrors, ...state.errors };
  const setRows = (rows: InviteRow[]) => update({ rows });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="invite-dialog"
      titleId="invite-title"
      title="Invite team members"
      maxWidth="md"
      state={{ ...state, errors }}
      submitLabel={form.rows.length > 1 ? `Send ${form.rows.length} invitations` : 'Send invitation'}
      fieldLabels={{ message: 'Message' }}
    >
      <Typography variant="body2" color="text.secondary">
        Each person gets an email with a link to join. Paste several addresses into one field to add a row for each.
      </Typography>
      <RowsEditor<InviteRow>
        rows={form.rows}
        onChange={(rows) => setRows(rows.length > 0 ? rows.slice(0, INVITE_ROWS_MAX) : [{ email: '', role: defaultRole }])}
        newRow={() => ({ email: '', role: form.rows.at(-1)?.role ?? defaultRole })}
        addLabel="Add another address"
        removeLabel={(i) => `Remove address ${i + 1}`}
        renderRow={(row, i, set) => {
          const bound = { form: row, update: set, errors };
          return (
            <>
              <FormField
                form={{
                  ...bound,
                  update: (patch) => (patch.email !== undefined ? setRows(spreadPasted(form.rows, i, patch.email)) : set(patch)),
                }}
                name="email"
                errorKey={`rows.${i}.email`}
                label="Email address"
                placeholder="name@example.com"
                autoFocus={i === 0}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { 'aria-label': `Email address ${i + 1}`, type: 'email', autoComplete: 'off' } }}
              />
              <FormField form={bound} name="role" errorKey={`rows.${i}.role`} select label="Role" sx={{ width: 180 }}>
                {roles.map((r) => (
                  <MenuItem key={r.key} value={r.key}>
                    {r.name}
                  </MenuItem>
                ))}
              </FormField>
            </>
          );
        }}
      />
      <Stack direction="row" spacing={2}>
        <FormField
          form={{ ...state, errors }}
          name="expiresIn"
          select
          label="Invitation expires after"
          sx={{ width: 220 }}
          hint="Resending starts it again"
        >
          {INVITATION_LIFETIMES.map((l) => (
            <MenuItem key={l} value={l}>
              {LIFETIME_LABEL[l]}
            </MenuItem>
          ))}
        </FormField>
        <FormField
          form={{ ...state, errors }}
          name="message"
          label="Message (optional)"
          lines={2}
          sx={{ flex: 1 }}
          hint={`Included in every invitation email; at most ${MESSAGE_MAX} characters`}
        />
      </Stack>
    </FormDialog>
  );
}
