// The edit dialog's form (name, description, tags, metadata rows) and its reading into a PATCH
// with only what changed, checked by the shared schema in the form's words. Metadata values are
// edited as text; a row left as it was keeps its original value (a number stays a number).
import type { z } from 'zod';
import type { Model } from '../../../../../shared/api/training/models';
import { MODEL_LIMITS, UpdateModelRequest } from '../../../../../shared/api/training/models-actions';
import { fieldErrors, formFields, longEntryMessage, type FieldLabels } from '../../../components/form/field-errors';
import type { FieldErrors, FormResult } from '../../../components/form/form-result';

interface MetaRow {
  key: string;
  value: string;
}

export interface EditForm {
  name: string;
  description: string;
  tags: string;
  metadata: MetaRow[];
}

export type EditRequest = z.input<typeof UpdateModelRequest>;

export const EDIT_LABELS: FieldLabels = { name: 'Name', description: 'Description', tags: 'Tags', metadata: 'Metadata' };

const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export function editFormOf(m: Pick<Model, 'name' | 'description' | 'tags' | 'metadata'>): EditForm {
  return {
    name: m.name,
    description: m.description ?? '',
    tags: m.tags.join(', '),
    metadata: Object.entries(m.metadata).map(([key, value]) => ({ key, value: text(value) })),
  };
}

const tagList = (s: string) =>
  s
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The PATCH body with what differs from `current`, or the errors; nothing changed is an error of the form. */
export function validateEditForm(
  form: EditForm,
  current: Pick<Model, 'name' | 'description' | 'tags' | 'metadata'>,
): FormResult<EditRequest> {
  const errors: FieldErrors = {};
  const tags = tagList(form.tags);
  const metadata: Record<string, unknown> = {};
  form.metadata.forEach((row, i) => {
    const key = row.key.trim();
    if (key === '' && row.value === '') return;
    if (key === '') errors[`metadata.${i}.key`] = 'A key is required';
    else if (key in metadata) errors[`metadata.${i}.key`] = `${key} is set twice`;
    else metadata[key] = key in current.metadata && text(current.metadata[key]) === row.value ? current.metadata[key] : row.value;
  });
  const request: EditRequest = {};
  if (form.name.trim() !== current.name) request.name = form.name.trim();
  const description = form.description.trim() === '' ? null : form.description;
  if (description !== (current.description ?? null)) request.description = description;
  if (!same(tags, current.tags)) request.tags = tags;
  if (!same(metadata, current.metadata)) request.metadata = metadata;

  const parsed = UpdateModelRequest.safeParse({ name: form.name.trim(), description, tags, metadata });
  if (!parsed.success)
    fieldErrors(
      parsed.error.issues,
      formFields({
        schema: UpdateModelRequest,
        labels: EDIT_LABELS,
        shown: ['name', 'description', 'tags', 'metadata'],
        reword: (key, issue) =>
          key === 'name' && issue.code === 'too_small'
            ? 'Required'
            : key.startsWith('tags.')
              ? (longEntryMessage(tags, key, issue) ?? null)
              : key === 'tags' && issue.code === 'too_big'
                ? `At most ${MODEL_LIMITS.tags.maxItems} tags`
                : null,
      }),
      errors,
    );
  if (Object.keys(errors).length) return { ok: false, errors };
  if (Object.keys(request).length === 0) return { ok: false, errors: { form: 'Nothing changed' } };
  return { ok: true, request };
}
