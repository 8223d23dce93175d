// Create, edit or duplicate a template. Validated inline with the shared schemas (errors
// appear after a first submit, then follow the typing); the default configuration's
// hourly cost is previewed from the shared price table.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  Framework,
  TemplateCategory,
  type CreateTemplateRequest,
  type Template,
  type UpdateTemplateRequest,
} from '../../../../../shared/api/clusters/templates';
import { FormDialog } from '../../../components/form/FormDialog';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { MONO_FONT } from '../../../lib/fonts';
import { EnvRowsEditor, PortRowsEditor } from '../../../components/form/RowEditors';
import { formatMoney } from '../../../lib/money';
import { ResourceBoundsFields } from './ResourceBoundsFields';
import {
  emptyTemplateForm,
  formHourlyCost,
  formOfTemplate,
  isResourceKey,
  nextPatchVersion,
  RESOURCES,
  TEMPLATE_LABELS,
  templateApiErrorFields,
  toCreateTemplate,
  toUpdateTemplate,
  type TemplateForm,
} from './template-form';
import { useTemplates } from './templates-store';
import { FormField } from '../../../components/form/FormField';

export type TemplateFormMode = { kind: 'create' } | { kind: 'edit'; template: Template } | { kind: 'duplicate'; template: Template };

const TITLES = { create: 'New template', edit: 'Edit template', duplicate: 'Duplicate as new template' } as const;

function Heading({ children }: { children: string }) {
  return (
    <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5, pt: 1 }}>
      {children}
    </Typography>
  );
}

export function TemplateFormDialog({
  mode,
  onClose,
  onSaved,
}: {
  mode: TemplateFormMode | null;
  onClose(): void;
  onSaved(template: Template, created: boolean): void;
}) {
  const editing = mode?.kind === 'edit' ? mode.template : null;
  const state = useValidatedForm<TemplateForm, CreateTemplateRequest | UpdateTemplateRequest>({
    open: mode !== null,
    resetKey: mode,
    initial: () => (!mode || mode.kind === 'create' ? emptyTemplateForm() : formOfTemplate(mode.template, mode.kind)),
    validate: (f) => (editing ? toUpdateTemplate(f, editing.version) : toCreateTemplate(f)),
    // Resources are checked as they are typed (the cost estimate waits on them); the rest after a first submit.
    showErrors: (key, { submitted }) => submitted || isResourceKey(key),
    placeApiError: templateApiErrorFields,
    submit: async (request) => {
      const store = useTemplates.getState();
      const saved = editing ? await store.update(editing.id, request) : await store.create(request as CreateTemplateRequest);
      onSaved(saved, !editing);
      onClose();
    },
  });

  const { form, update, errors } = state;
  const cost = formHourlyCost(form);

  return (
    <FormDialog
      open={mode !== null}
      onClose={onClose}
      testId="template-form-dialog"
      titleId="template-form-title"
      title={mode ? TITLES[mode.kind] : ''}
      maxWidth="md"
      dividers
      state={state}
      fieldLabels={TEMPLATE_LABELS}
      submitLabel={editing ? 'Save template' : 'Create template'}
    >
      <Heading>Basics</Heading>
      <FormField form={state} name="name" label="Name" hint="Unique within the project" required autoFocus fullWidth />
      <FormField form={state} name="description" label="Description" hint="What the template is for" required lines={2} fullWidth />
      <Stack direction="row" spacing={1.5}>
        <FormField form={state} name="category" select label="Category" required sx={{ width: 200 }}>
          {TemplateCategory.options.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </FormField>
        <FormField form={state} name="framework" select label="Framework" hint="Optional" sx={{ width: 200 }}>
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          {Framework.options.map((f) => (
            <MenuItem key={f} value={f}>
              {f}
            </MenuItem>
          ))}
        </FormField>
        <FormControlLabel
          control={<Checkbox size="small" checked={form.gpuCompatible} onChange={(e) => update({ gpuCompatible: e.target.checked })} />}
          label="GPU compatible"
        />
        <FormControlLabel
          control={<Checkbox size="small" checked={form.isPublic} onChange={(e) => update({ isPublic: e.target.checked })} />}
          label="Public"
        />
      </Stack>
      <FormField
        form={state}
        name="containerImage"
        errorKey="container_image"
        label="Container image"
        hint="Base image, e.g. registry.example.com/ml/pytorch:2.3-cuda12"
        required
        fullWidth
        slotProps={{ htmlInput: { style: { fontFamily: MONO_FONT } } }}
      />
      <FormField form={state} name="tags" label="Tags" hint="Comma-separated" fullWidth />

      <Heading>Resources</Heading>
      <ResourceBoundsFields
        gpuType={form.gpuType}
        defaults={form.defaults}
        min={form.min}
        max={form.max}
        errors={errors}
        onChange={(patch) => update(patch)}
      />
      <Typography variant="body2" data-testid="template-cost-preview">
        {cost !== null ? (
          <>
            Estimated cost of the default configuration: <b>{formatMoney(cost)}/h</b>
          </>
        ) : RESOURCES.some((r) => form.defaults[r].trim() === '') ? (
          'Fill in every default resource to see the cost.'
        ) : (
          'Fix the highlighted fields to see the cost.'
        )}
      </Typography>

      <Heading>Ports</Heading>
      <PortRowsEditor
        rows={form.ports}
        onChange={(ports) => update({ ports })}
        errors={errors}
        errorPath="port_mappings"
        newRow={() => ({ internalPort: '', protocol: 'tcp', description: '' })}
        item="port"
      />
      <Heading>Environment</Heading>
      <EnvRowsEditor rows={form.environment} onChange={(environment) => update({ environment })} errors={errors} />
      <Heading>Software</Heading>
      <FormField
        form={state}
        name="packages"
        errorKey="required_packages"
        label="Required packages"
        hint="One per line, e.g. transformers==4.44"
        lines={2}
        fullWidth
        slotProps={{ htmlInput: { style: { fontFamily: MONO_FONT, fontSize: 12 } } }}
      />
      <FormField
        form={state}
        name="startupScript"
        errorKey="startup_script"
        label="Startup script"
        hint="Runs when a cluster from this template starts"
        lines={4}
        // A long script scrolls inside the field instead of pushing the rest of the form away.
        maxRows={12}
        fullWidth
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: MONO_FONT, fontSize: 12 } } }}
      />
      {editing && (
        <>
          <Heading>Version</Heading>
          <Stack direction="row" spacing={1.5}>
            <FormField
              form={state}
              name="version"
              label="Version"
              hint={`Now ${editing.version}; e.g. ${nextPatchVersion(editing.version)}`}
              sx={{ width: 200 }}
            />
            <FormField form={state} name="versionNotes" errorKey="version_notes" label="Version notes" hint="What changed" fullWidth />
          </Stack>
        </>
      )}
    </FormDialog>
  );
}
