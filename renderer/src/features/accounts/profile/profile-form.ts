// The Profile page's two forms as plain data: what the fields hold (text), the request each
// sends, and the rules — the contract's own schemas (shared/api/accounts/profile.ts), so a
// field shows the same rule the API would refuse with, in the same words.
import type { z } from 'zod';
import {
  PROFILE_BOUNDS,
  UpdateProfilePreferencesRequest,
  UpdateProfileRequest,
  type ProfileTheme,
} from '../../../../../shared/api/accounts/profile';
import type { FieldErrors, FormResult } from '../../../components/form/form-result';
import type { PreferencesUpdate, Profile, ProfileUpdate } from './profile-store';

export interface ProfileForm {
  name: string;
  bio: string;
  location: string;
  website: string;
  social: string;
  code_host: string;
}

export interface PreferencesForm {
  timezone: string;
  language: Profile['preferences']['language'];
  theme: ProfileTheme;
  emailNotifications: boolean;
  chatNotifications: boolean;
}

/** Each field's rule, shown under it while it has no error. */
export const PROFILE_HINTS: Record<keyof ProfileForm, string> = {
  name: `1 to ${PROFILE_BOUNDS.name.max} characters; the team sees it`,
  bio: `At most ${PROFILE_BOUNDS.bio} characters`,
  location: `At most ${PROFILE_BOUNDS.location} characters`,
  website: 'A full address, such as https://example.com',
  social: 'A handle: letters, digits, _ . or -, optionally starting with @',
  code_host: `Your code host username: letters, digits and single hyphens, at most ${PROFILE_BOUNDS.codeHost}`,
};

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const profileFormOf = (p: Profile): ProfileForm => ({
  name: p.name ?? '',
  bio: p.bio ?? '',
  location: p.location ?? '',
  website: p.website ?? '',
  social: p.social ?? '',
  code_host: p.code_host ?? '',
});

/** Issues of a contract schema as the form's errors: the first per field, the rule as a sentence. */
function errorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= sentence(issue.message);
  }
  return errors;
}

/** The update: every field as typed, an emptied optional one cleared (null). */
export function validateProfile(form: ProfileForm): FormResult<ProfileUpdate> {
  const optional = (v: string) => (v.trim() === '' ? null : v.trim());
  const body = {
    name: form.name,
    bio: form.bio.trim() === '' ? null : form.bio,
    location: optional(form.location),
    website: optional(form.website),
    social: optional(form.social),
    code_host: optional(form.code_host),
  };
  const r = UpdateProfileRequest.safeParse(body);
  return r.success ? { ok: true, request: r.data } : { ok: false, errors: errorsOf(r.error) };
}

export function validatePreferences(form: PreferencesForm): FormResult<PreferencesUpdate> {
  const r = UpdateProfilePreferencesRequest.safeParse({ ...form, timezone: form.timezone.trim() });
  return r.success ? { ok: true, request: r.data } : { ok: false, errors: errorsOf(r.error) };
}
