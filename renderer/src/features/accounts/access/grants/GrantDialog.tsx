// "Grant…": give a member permissions beyond their role. A grant above the caller's own level is
// refused (403 INSUFFICIENT_PERMISSIONS naming the attempted permission): it shows on the
// permissions, in words; an unknown resource on the resources.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import { useEffect } from 'react';
import type { NormalizedError } from '../../../../../../shared/api/errors';
import { placeApiError } from '../../../../components/form/api-error-fields';
import { FormDialog } from '../../../../components/form/FormDialog';
import { FormField } from '../../../../components/form/FormField';
import { useValidatedForm } from '../../../../components/form/use-validated-form';
import { serverNow } from '../../../../platform/server-clock';
import { useTeamDirectory } from '../../../../platform/team-directory';
import { useAccess } from '../access-store';
import { MemberPicker } from '../MemberPicker';
import { emptyGrantForm, EXPIRIES, validateGrantForm, type GrantForm } from './grant-form';
import { useGrants } from './grants-store';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

const placement = {
  members: {
    userId: 'userId',
    permissions: 'permissions',
    scopes: 'scopes',
    resources: 'resources',
    expiresIn: 'expiresIn',
    reason: 'reason',
  } as Record<string, keyof GrantForm>,
  codes: {
    INSUFFICIENT_PERMISSIONS: (e: NormalizedError) => ({
      key: 'permissions',
      message: `You cannot grant ${str(e.details?.attemptedPermission)} on ${str(e.details?.attemptedScope)}${e.details?.resourceId ? ` for ${str(e.details.resourceId)}` : ''}: it is above your own permissions`,
    }),
    MEMBER_NOT_FOUND: () => ({ key: 'userId', message: 'This member is no longer on the team' }),
    RESOURCE_NOT_FOUND: (e: NormalizedError) => ({ key: 'resources', message: `No resource ${str(e.details?.resourceId)} in any area` }),
    INVALID_PERMISSION: (e: NormalizedError) => ({
      key: e.details?.field === 'scopes' ? 'scopes' : 'permissions',
      message: 'Not a name of the permission model',
    }),
  },
  rename: (path: string) => (path === 'expiresAt' ? 'expiresIn' : path),
};

export function GrantDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const team = useTeamDirectory();
  const schema = useAccess((s) => s.schema);
  useEffect(() => {
    if (open) void useAccess.getState().ensureSchema();
  }, [open]);
  const state = useValidatedForm({
    open,
    initial: emptyGrantForm,
    validate: (f: GrantForm) => validateGrantForm(f, serverNow()),
    placeApiError: (error) => placeApiError(error, placement),
    submit: async ({ userId, body }) => {
      await useGrants.getState().grant(userId, body);
      onClose();
    },
  });
  const { form, update, errors } = state;
  const toggle = (field: 'permissions' | 'scopes', name: string) =>
    update({ [field]: form[field].includes(name) ? form[field].filter((n) => n !== name) : [...form[field], name] });
  const members = team.members.filter((m) => m.status === 'active' && m.role !== 'owner');
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="grant-dialog"
      titleId="grant-dialog-title"
      title="Grant permissions"
      maxWidth="md"
      dividers
      state={state}
      fieldLabels={{
        userId: 'Member',
        permissions: 'Permissions',
        scopes: 'Scopes',
        resources: 'Resources',
        expiresIn: 'Expires',
        reason: 'Reason',
      }}
      submitLabel="Grant"
      submitTestId="grant-submit"
    >
      <MemberPicker
        members={members}
        loading={team.status === 'loading' || team.status === 'idle'}
        value={form.userId || null}
        onChange={(id) => update({ userId: id ?? '' })}
        label="Member"
        error={errors.userId ?? null}
        width={420}
      />
      <Checks
        label="Permissions"
        names={schema?.permissions ?? {}}
        chosen={form.permissions}
        error={errors.permissions}
        onToggle={(n) => toggle('permissions', n)}
      />
      <Checks
        label="Scopes"
        names={schema?.scopes ?? {}}
        chosen={form.scopes}
        error={errors.scopes}
        onToggle={(n) => toggle('scopes', n)}
      />
      <FormField
        form={state}
        name="resources"
        label="Resources (optional)"
        lines={2}
        hint="Resource ids (clusters, endpoints…), one per line or separated by commas; empty: every resource of the scopes"
      />
      <Box sx={{ display: 'flex', gap: 2 }}>
        <FormField
          form={state}
          name="expiresIn"
          label="Expires"
          select
          sx={{ width: 200 }}
          hint="On the server’s clock"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          {EXPIRIES.map((e) => (
            <MenuItem key={e.value} value={e.value}>
              {e.label}
            </MenuItem>
          ))}
        </FormField>
        <FormField
          form={state}
          name="reason"
          label="Reason (optional)"
          hint="Up to 500 characters; shown in the audit log"
          sx={{ flex: 1 }}
        />
      </Box>
    </FormDialog>
  );
}

interface ChecksProps {
  label: string;
  names: Record<string, string>;
  chosen: readonly string[];
  error: string | undefined;
  onToggle(name: string): void;
}

function Checks({ label, names, chosen, error, onToggle }: ChecksProps) {
  return (
    <FormControl component="fieldset" error={Boolean(error)} data-testid={`grant-${label.toLowerCase()}`}>
      <FormLabel component="legend" sx={{ fontSize: 14 }}>
        {label}
      </FormLabel>
      <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
        {Object.entries(names).map(([name, description]) => (
          <FormControlLabel
            key={name}
            sx={{ m: 0 }}
            control={<Checkbox size="small" checked={chosen.includes(name)} onChange={() => onToggle(name)} sx={{ p: 0.5, mr: 0.5 }} />}
            label={name}
            title={description}
          />
        ))}
      </Box>
      <FormHelperText>{error ?? ' '}</FormHelperText>
    </FormControl>
  );
}
