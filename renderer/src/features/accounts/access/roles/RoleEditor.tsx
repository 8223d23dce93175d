// The custom-role editor: name (new roles only: it is the role's identity), display name,
// description, the roles it inherits, its permissions and scopes (the model's descriptions beside
// each), its limitations; live, the effective result and the inheritance problem the emulator
// would answer, before saving. An edit replays the last 30 days (What would change?) and asks to
// confirm when calls would now be refused.
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useRef, useState } from 'react';
import type { PermissionsSchemaResponse } from '../../../../../../shared/api/accounts/permissions';
import type { WhatIfResponse } from '../../../../../../shared/api/accounts/audit';
import type { NormalizedError } from '../../../../../../shared/api/errors';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { placeApiError } from '../../../../components/form/api-error-fields';
import { FormDialog } from '../../../../components/form/FormDialog';
import { FormField } from '../../../../components/form/FormField';
import { useValidatedForm } from '../../../../components/form/use-validated-form';
import { createRole, updateRole, whatIf, type RoleDraft } from './roles-store';
import {
  draftEffective,
  draftHierarchyProblem,
  LIMITATIONS,
  NAME_RULE,
  roleFormOf,
  rolesOf,
  validateRoleForm,
  type RoleForm,
  type SchemaRole,
} from './role-form';
import { whatIfKey, WhatIfSection } from './WhatIfSection';

interface RoleEditorProps {
  open: boolean;
  /** Null: a new role. */
  role: SchemaRole | null;
  schema: PermissionsSchemaResponse;
  onClose(): void;
  onSaved(name: string): void;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The server's refusals on the fields they concern, in the form's words. */
const placement = {
  members: {
    name: 'name',
    displayName: 'displayName',
    description: 'description',
    inherits: 'inherits',
    permissions: 'permissions',
    scopes: 'scopes',
  } as Record<string, keyof RoleForm>,
  codes: {
    ROLE_NAME_EXISTS: () => ({ key: 'name', message: 'A role with this name exists' }),
    INVALID_ROLE_HIERARCHY: (e: NormalizedError) => ({ key: 'inherits', message: str(e.details?.reason) || e.message }),
    INVALID_PERMISSION: (e: NormalizedError) => {
      const field = e.details?.field === 'scopes' ? 'scopes' : 'permissions';
      const bad = (e.details?.[field === 'scopes' ? 'invalidScopes' : 'invalidPermissions'] as unknown[] | undefined) ?? [];
      return { key: field, message: `Not ${field === 'scopes' ? 'a scope' : 'a permission'} of the model: ${bad.join(', ')}` };
    },
    INSUFFICIENT_PERMISSIONS: (e: NormalizedError) => ({
      key: 'permissions',
      message: `You cannot hand out ${str(e.details?.attemptedPermission)} on ${str(e.details?.attemptedScope)}: it is above your own permissions`,
    }),
  },
};

export function RoleEditor({ open, role, schema, onClose, onSaved }: RoleEditorProps) {
  const editing = role?.name ?? null;
  const replays = useRef(new Map<string, WhatIfResponse>());
  const onResult = useCallback((key: string, result: WhatIfResponse) => replays.current.set(key, result), []);
  const [confirm, setConfirm] = useState<{ save(): Promise<void>; result: WhatIfResponse } | null>(null);

  const state = useValidatedForm({
    open,
    resetKey: role?.id,
    initial: () => roleFormOf(role),
    validate: (f: RoleForm) => validateRoleForm(f, schema, editing),
    placeApiError: (error) => placeApiError(error, placement),
    submit: async (request) => {
      const { name, ...rest } = request;
      if (!role) {
        await createRole(request as Parameters<typeof createRole>[0]);
        onSaved(name);
        onClose();
        return;
      }
      const save = async () => {
        await updateRole(role.id, rest);
        onSaved(name);
        onClose();
      };
      const draft: RoleDraft = { role: role.name, permissions: rest.permissions!, scopes: rest.scopes!, inherits: rest.inherits ?? [] };
      const key = whatIfKey(draft);
      const result = replays.current.get(key) ?? (await whatIf(draft, new AbortController().signal));
      if (result.wouldBeRefused.length) setConfirm({ save, result });
      else await save();
    },
  });
  const { form, update, errors } = state;
  const problem = draftHierarchyProblem(form, schema, editing);
  const effective = draftEffective(form, schema, editing);
  const roleOptions = rolesOf(schema)
    .filter((r) => r.name !== editing)
    .map((r) => r.name);
  const inheritsError = errors.inherits ?? problem?.reason;
  const draftOk = !problem && form.permissions.length > 0 && form.scopes.length > 0;
  const toggle = (field: 'permissions' | 'scopes', name: string) =>
    update({ [field]: form[field].includes(name) ? form[field].filter((n) => n !== name) : [...form[field], name] });

  return (
    <>
      <FormDialog
        open={open}
        onClose={onClose}
        testId="role-editor"
        titleId="role-editor-title"
        title={role ? `Edit role ${role.name}` : 'New custom role'}
        maxWidth="md"
        dividers
        state={state}
        fieldLabels={{ name: 'Name', displayName: 'Display name', inherits: 'Inherits', permissions: 'Permissions', scopes: 'Scopes' }}
        submitLabel={role ? 'Save role' : 'Create role'}
        submitTestId="role-save"
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormField
            form={state}
            name="name"
            label="Name"
            disabled={Boolean(role)}
            hint={role ? 'The name is the role’s identity and cannot change' : NAME_RULE}
            sx={{ flex: 1 }}
            autoFocus={!role}
          />
          <FormField
            form={state}
            name="displayName"
            label="Display name"
            hint="Up to 100 characters"
            sx={{ flex: 1 }}
            autoFocus={Boolean(role)}
          />
        </Stack>
        <FormField form={state} name="description" label="Description (optional)" hint="Up to 500 characters" lines={2} />
        <Autocomplete
          multiple
          options={roleOptions}
          value={form.inherits}
          onChange={(_, next) => update({ inherits: next })}
          renderValue={(values, getItemProps) =>
            values.map((v, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} size="small" label={v} {...itemProps} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              label="Inherits"
              error={Boolean(inheritsError)}
              helperText={inheritsError ?? 'The role holds everything of the roles it inherits, and must declare at least that'}
              slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'aria-invalid': Boolean(inheritsError) } }}
            />
          )}
        />
        <NameGrid
          label="Permissions"
          names={schema.permissions}
          chosen={form.permissions}
          inherited={effective.permissions}
          error={errors.permissions}
          onToggle={(n) => toggle('permissions', n)}
        />
        <NameGrid
          label="Scopes"
          names={schema.scopes}
          chosen={form.scopes}
          inherited={effective.scopes}
          error={errors.scopes}
          onToggle={(n) => toggle('scopes', n)}
        />
        <Box>
          <FormLabel component="legend" sx={{ fontSize: 14, mb: 1 }}>
            Limitations (optional; empty: no limit of the role’s own)
          </FormLabel>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}>
            {LIMITATIONS.map((l) => (
              <FormField
                key={l.key}
                form={state}
                name={l.key}
                label={l.label}
                inputMode="numeric"
                hint={`0 to ${l.max.toLocaleString('en')}`}
              />
            ))}
          </Box>
        </Box>
        <Divider />
        <Box data-testid="role-effective">
          <Typography variant="subtitle2" component="h3">
            Effective result
          </Typography>
          {problem ? (
            <Alert severity="error" data-testid="role-hierarchy-problem" sx={{ mt: 1 }}>
              <strong>INVALID_ROLE_HIERARCHY</strong>: {problem.childRole} cannot inherit from {problem.parentRole}: {problem.reason}
            </Alert>
          ) : (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {effectiveSentence(effective)}
            </Typography>
          )}
        </Box>
        {role && (
          <>
            <Divider />
            <WhatIfSection
              draft={draftOk ? { role: role.name, permissions: form.permissions, scopes: form.scopes, inherits: form.inherits } : null}
              onResult={onResult}
            />
          </>
        )}
      </FormDialog>
      <ConfirmDialog
        open={confirm !== null}
        title={`Save ${role?.name ?? 'the role'}?`}
        confirmLabel="Save anyway"
        destructive
        onConfirm={async () => {
          await confirm!.save();
        }}
        onClose={() => setConfirm(null)}
      >
        {confirm &&
          `${confirm.result.summary.callsRefused.toLocaleString('en')} calls of the last 30 days by ${confirm.result.summary.membersAffected} members would now be refused (${confirm.result.summary.routes} routes). Their keys lose this access as soon as the role is saved.`}
      </ConfirmDialog>
    </>
  );
}

function effectiveSentence(e: { permissions: string[]; scopes: string[]; inherited: string[] }): string {
  const names = (list: string[]) => (list.includes('*') ? 'all' : list.join(', ') || 'none');
  const via = e.inherited.length ? ` (with ${e.inherited.join(', ')})` : '';
  return `Holds ${names(e.permissions)} on ${names(e.scopes)}${via}.`;
}

interface NameGridProps {
  label: string;
  names: Record<string, string>;
  chosen: readonly string[];
  /** Held with the inherited roles: shown as such when not declared. */
  inherited: readonly string[];
  error: string | undefined;
  onToggle(name: string): void;
}

function NameGrid({ label, names, chosen, inherited, error, onToggle }: NameGridProps) {
  return (
    <FormControl component="fieldset" error={Boolean(error)} data-testid={`role-${label.toLowerCase()}`}>
      <FormLabel component="legend" sx={{ fontSize: 14 }}>
        {label}
      </FormLabel>
      <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(250px, 1fr))' }}>
        {Object.entries(names).map(([name, description]) => {
          const viaParent = !chosen.includes(name) && (inherited.includes(name) || inherited.includes('*'));
          return (
            <FormControlLabel
              key={name}
              sx={{ alignItems: 'flex-start', m: 0, minWidth: 0 }}
              control={<Checkbox size="small" checked={chosen.includes(name)} onChange={() => onToggle(name)} sx={{ p: 0.5, mr: 0.5 }} />}
              label={
                <Box sx={{ pt: 0.5, minWidth: 0 }}>
                  <Typography variant="body2" component="span">
                    {name}
                  </Typography>
                  <Typography variant="caption" color={viaParent ? 'error' : 'text.secondary'} component="div">
                    {viaParent ? 'Inherited but not declared' : description}
                  </Typography>
                </Box>
              }
            />
          );
        })}
      </Box>
      <FormHelperText>{error ?? ' '}</FormHelperText>
    </FormControl>
  );
}
