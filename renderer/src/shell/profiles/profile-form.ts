// The profile form's rules: its fields, the request it would save (the contract's schemas, a
// blank key keeping the stored one) and its errors in the user's words. The dialog and its
// connection test both read it.
import type { Profile } from '../../../../shared/ipc/contract';
import { channels } from '../../../../shared/ipc/contract';
import { fieldErrors, type Issue } from '../../components/form/field-errors';
import type { FormResult } from '../../components/form/form-result';

export type Field = 'name' | 'baseUrl' | 'apiKey';
export type ProfileFormErrors = Partial<Record<Field | 'form', string>>;
export type ProfileValues = Record<Field, string>;

const createSchema = channels['profiles:create'].request;
const updateSchema = channels['profiles:update'].request;
export type SaveRequest =
  { mode: 'create'; request: ReturnType<typeof createSchema.parse> } | { mode: 'update'; request: ReturnType<typeof updateSchema.parse> };

/** The contract's words, except for a URL zod could not read: say what one looks like. */
function toField(path: string, issue: Issue): readonly [string, string] {
  const field = path.split('.')[0] || 'form';
  if (field === 'baseUrl' && issue.code !== 'custom') return [field, 'Enter the full address, e.g. https://api.example.com'];
  return [field, issue.message];
}

/** The request the form would save: a new profile, or the changes to `profile` (a blank key keeps the stored one). */
export function profileRequest(values: ProfileValues, profile: Profile | null): FormResult<SaveRequest, ProfileFormErrors> {
  if (!profile) {
    const parsed = createSchema.safeParse(values);
    return parsed.success
      ? { ok: true, request: { mode: 'create', request: parsed.data } }
      : { ok: false, errors: fieldErrors<ProfileFormErrors>(parsed.error.issues, toField) };
  }
  const parsed = updateSchema.safeParse({
    id: profile.id,
    name: values.name,
    ...(profile.kind === 'remote' ? { baseUrl: values.baseUrl } : {}),
    ...(values.apiKey !== '' ? { apiKey: values.apiKey } : {}),
  });
  return parsed.success
    ? { ok: true, request: { mode: 'update', request: parsed.data } }
    : { ok: false, errors: fieldErrors<ProfileFormErrors>(parsed.error.issues, toField) };
}

export const initialValues = (profile: Profile | null): ProfileValues => ({
  name: profile?.name ?? '',
  baseUrl: profile?.baseUrl ?? 'https://',
  apiKey: '',
});
