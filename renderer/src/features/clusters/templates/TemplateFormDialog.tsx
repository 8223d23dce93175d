// Create, edit or duplicate a template. Validated inline with the shared schemas (errors
// appear after a first submit, then follow the typing); the default configuration's
// hourly cost is previewed from the shared price table.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
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
  const { form, update, errors, errorAttempt, busy, apiError, onSubmit } = useValidatedForm<
    TemplateForm,
    CreateTemplateRequest | UpdateTemplateRequest
  >({
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

  const field = (
    key: 'name' | 'description' | 'containerImage' | 'tags',
    path: string,
    label: string,
    help: string,
    extra: object = {},
  ) => <FormField form={{ form, update, errors }} name={key} errorKey={path} label={label} hint={help} fullWidth {...extra} />;
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
      busy={busy}
      apiError={apiError}
      onSubmit={onSubmit}
      errors={errors}
      errorAttempt={errorAttempt}
      fieldLabels={TEMPLATE_LABELS}
      submitLabel={editing ? 'Save template' : 'Create template'}
    >
      <Heading>Basics</Heading>
      {field('name', 'name', 'Name', 'Unique within the project', { required: true, autoFocus: true })}
      {field('description', 'description', 'Description', 'What the template is for', { required: true, multiline: true, minRows: 2 })}
      <Stack direction="row" spacing={1.5}>
        <TextField
          select
          label="Category"
          size="small"
          required
          value={form.category}
          onChange={(e) => update({ category: e.target.value as TemplateForm['category'] })}
          error={Boolean(errors.category)}
          helperText={errors.category ?? ' '}
          sx={{ width: 200 }}
        >
          {TemplateCategory.options.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Framework"
          size="small"
          value={form.framework}
          onChange={(e) => update({ framework: e.target.value as TemplateForm['framework'] })}
          helperText="Optional"
          sx={{ width: 200 }}
        >
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          {Framework.options.map((f) => (
            <MenuItem key={f} value={f}>
              {f}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Checkbox size="small" checked={form.gpuCompatible} onChange={(e) => update({ gpuCompatible: e.target.checked })} />}
          label="GPU compatible"
        />
        <FormControlLabel
          control={<Checkbox size="small" checked={form.isPublic} onChange={(e) => update({ isPublic: e.target.checked })} />}
          label="Public"
        />
      </Stack>
      {field('containerImage', 'container_image', 'Container image', 'Base image, e.g. registry.example.com/ml/pytorch:2.3-cuda12', {
        required: true,
        slotProps: { htmlInput: { style: { fontFamily: MONO_FONT } } },
      })}
      {field('tags', 'tags', 'Tags', 'Comma-separated')}

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
      <TextField
        label="Required packages"
        size="small"
        value={form.packages}
        onChange={(e) => update({ packages: e.target.value })}
        error={Boolean(errors.required_packages)}
        helperText={errors.required_packages ?? 'One per line, e.g. transformers==4.44'}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { style: { fontFamily: MONO_FONT, fontSize: 12 } } }}
      />
      <TextField
        label="Startup script"
        size="small"
        value={form.startupScript}
        onChange={(e) => update({ startupScript: e.target.value })}
        error={Boolean(errors.startup_script)}
        helperText={errors.startup_script ?? 'Runs when a cluster from this template starts'}
        multiline
        minRows={4}
        // A long script scrolls inside the field instead of pushing the rest of the form away.
        maxRows={12}
        fullWidth
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: MONO_FONT, fontSize: 12 } } }}
      />
      {editing && (
        <>
          <Heading>Version</Heading>
          <Stack direction="row" spacing={1.5}>
            <TextField
              label="Version"
              size="small"
              value={form.version}
              onChange={(e) => update({ version: e.target.value })}
              error={Boolean(errors.version)}
              helperText={errors.version ?? `Now ${editing.version}; e.g. ${nextPatchVersion(editing.version)}`}
              sx={{ width: 200 }}
            />
            <TextField
              label="Version notes"
              size="small"
              value={form.versionNotes}
              onChange={(e) => update({ versionNotes: e.target.value })}
              error={Boolean(errors.version_notes)}
              helperText={errors.version_notes ?? 'What changed'}
              fullWidth
            />
          </Stack>
        </>
      )}
    </FormDialog>
  );
}
