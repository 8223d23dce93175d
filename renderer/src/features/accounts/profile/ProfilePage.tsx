// The caller's own profile (01-accounts.md, Profile): the avatar with its crop dialog, the
// fields with their rules (the API's refusals shown on the field they name), and the
// preferences, whose theme is the console's own: choosing it here shows it at once, changing
// the console's theme elsewhere shows here as an unsaved choice, and the saved one is applied
// whenever the profile is read (docs/decisions.md, Profile: console).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { LANGUAGE_NAMES, LANGUAGES } from '../../../../../shared/api/accounts/settings';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { PROFILE_THEMES } from '../../../../../shared/api/accounts/profile';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FormField } from '../../../components/form/FormField';
import { placeApiError } from '../../../components/form/api-error-fields';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { Section } from '../../../components/Section';
import { ErrorState } from '../../../components/StateViews';
import { useThemePreference } from '../../../platform/theme-store';
import { MemberAvatar } from '../MemberAvatar';
import { AvatarDialog, type PickedImage } from './AvatarDialog';
import { PROFILE_HINTS, profileFormOf, validatePreferences, validateProfile, type PreferencesForm, type ProfileForm } from './profile-form';
import { useProfile, type Profile } from './profile-store';

/** Reads a picked file as a data URL with its upright size (the browser applies EXIF orientation, as the API does). */
function readPicked(file: File): Promise<PickedImage> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.onload = () => {
      const src = String(reader.result);
      const img = new Image();
      img.onload = () => resolve({ file, src, width: img.naturalWidth, height: img.naturalHeight });
      img.onerror = () => reject(new Error('This file is not a picture the console can show (JPEG, PNG or GIF)'));
      img.src = src;
    };
    reader.readAsDataURL(file);
  });
}

function AvatarSection({ profile }: { profile: Profile }) {
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setPickError(null);
    try {
      setPicked(await readPicked(file));
    } catch (err) {
      setPickError((err as Error).message);
    }
  };
  return (
    <Section title="Avatar" description="JPEG, PNG or GIF, at most 5 MB, 100 to 2048 px a side; you choose the square that is kept.">
      <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }}>
        <MemberAvatar url={profile.avatar} name={profile.name} email={profile.email} size={96} testId="profile-avatar" />
        <Stack spacing={1}>
          <Button variant="outlined" onClick={() => input.current?.click()}>
            {profile.avatar ? 'Change avatar…' : 'Upload avatar…'}
          </Button>
          <Typography variant="caption" color="text.secondary">
            {profile.avatar ? 'Your team sees this picture beside your name.' : 'No avatar yet: your initials are shown.'}
          </Typography>
        </Stack>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/gif"
          hidden
          aria-label="Avatar file"
          data-testid="avatar-file"
          onChange={(e) => void onPick(e)}
        />
      </Stack>
      {pickError && (
        <Typography color="error" variant="body2" sx={{ mt: 1 }} role="alert">
          {pickError}
        </Typography>
      )}
      <AvatarDialog picked={picked} onClose={() => setPicked(null)} />
    </Section>
  );
}

const FIELD_MEMBERS = {
  name: 'name',
  bio: 'bio',
  location: 'location',
  website: 'website',
  social: 'social',
  code_host: 'code_host',
} as const;

function DetailsSection({ profile }: { profile: Profile }) {
  const update = useProfile((s) => s.update);
  const [saved, setSaved] = useState(false);
  const state = useValidatedForm<ProfileForm, Parameters<typeof update>[0]>({
    open: true,
    resetKey: profile.updatedAt,
    initial: () => profileFormOf(profile),
    validate: validateProfile,
    showErrors: (key, { submitted, touched }) => submitted || touched.has(key),
    submit: async (body) => {
      await update(body);
      setSaved(true);
    },
    placeApiError: (error) => placeApiError(error, { members: FIELD_MEMBERS }),
  });
  const bound = { form: state.form, update: (patch: Partial<ProfileForm>) => (setSaved(false), state.update(patch)), errors: state.errors };
  const dirty = JSON.stringify(state.form) !== JSON.stringify(profileFormOf(profile));
  return (
    <Section title="Profile" description={`${profile.email}${profile.username ? ` · @${profile.username}` : ''} · ${profile.plan} plan`}>
      <Box component="form" noValidate onSubmit={(e) => void state.onSubmit(e)} aria-label="Profile">
        <Stack spacing={1}>
          <FormField form={bound} name="name" label="Name" required hint={PROFILE_HINTS.name} fullWidth />
          <FormField form={bound} name="bio" label="Bio" lines={3} hint={`${PROFILE_HINTS.bio} (${state.form.bio.length} now)`} fullWidth />
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <FormField form={bound} name="location" label="Location" hint={PROFILE_HINTS.location} fullWidth />
            <FormField form={bound} name="website" label="Website" hint={PROFILE_HINTS.website} fullWidth />
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <FormField form={bound} name="social" label="Social handle" hint={PROFILE_HINTS.social} fullWidth />
            <FormField form={bound} name="code_host" label="Code host username" hint={PROFILE_HINTS.code_host} fullWidth />
          </Stack>
          <SaveRow label="Save profile" error={state.apiError} busy={state.busy} dirty={dirty} saved={saved} />
        </Stack>
      </Box>
    </Section>
  );
}

function PreferencesSection({ profile }: { profile: Profile }) {
  const updatePreferences = useProfile((s) => s.updatePreferences);
  const consoleTheme = useThemePreference((s) => s.preference);
  const setConsoleTheme = useThemePreference((s) => s.setPreference);
  const [saved, setSaved] = useState(false);
  const state = useValidatedForm<PreferencesForm, Parameters<typeof updatePreferences>[0]>({
    open: true,
    resetKey: JSON.stringify(profile.preferences),
    initial: () => ({ ...profile.preferences }),
    validate: validatePreferences,
    showErrors: (key, { submitted, touched }) => submitted || touched.has(key),
    submit: async (body) => {
      await updatePreferences(body);
      setSaved(true);
    },
    placeApiError: (error) =>
      placeApiError(error, {
        members: { timezone: 'timezone', language: 'language', theme: 'theme' },
      }),
  });
  // The console's theme changed elsewhere (the top bar, the palette): the choice here follows, unsaved.
  const { update: setField } = state;
  const formTheme = state.form.theme;
  useEffect(() => {
    if ((consoleTheme === 'light' || consoleTheme === 'dark') && consoleTheme !== formTheme) setField({ theme: consoleTheme });
  }, [consoleTheme, formTheme, setField]);
  const bound = {
    form: state.form,
    update: (patch: Partial<PreferencesForm>) => {
      setSaved(false);
      state.update(patch);
      // Shown at once: the profile's theme is the console's.
      if (patch.theme) setConsoleTheme(patch.theme);
    },
    errors: state.errors,
  };
  const dirty = JSON.stringify(state.form) !== JSON.stringify(profile.preferences);
  return (
    <Section
      title="Preferences"
      description="Your own settings, whichever account key you use. The theme is the console's: it changes as you choose it."
    >
      <Box component="form" noValidate onSubmit={(e) => void state.onSubmit(e)} aria-label="Preferences">
        <Stack spacing={1}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <FormField form={bound} name="timezone" label="Time zone" hint="IANA, such as Europe/Paris or UTC" fullWidth />
            <FormField form={bound} name="language" label="Language" select hint=" " fullWidth>
              {LANGUAGES.map((l) => (
                <MenuItem key={l} value={l}>
                  {LANGUAGE_NAMES[l]}
                </MenuItem>
              ))}
            </FormField>
            <FormField
              form={bound}
              name="theme"
              label="Theme"
              select
              hint={dirty && state.form.theme !== profile.preferences.theme ? 'Shown now; save to keep it' : ' '}
              fullWidth
            >
              {PROFILE_THEMES.map((t) => (
                <MenuItem key={t} value={t}>
                  {t === 'light' ? 'Light' : 'Dark'}
                </MenuItem>
              ))}
            </FormField>
          </Stack>
          <Stack direction="row" spacing={3}>
            <FormControlLabel
              control={<Switch checked={state.form.emailNotifications} onChange={(_, v) => bound.update({ emailNotifications: v })} />}
              label="Email notifications"
            />
            <FormControlLabel
              control={<Switch checked={state.form.chatNotifications} onChange={(_, v) => bound.update({ chatNotifications: v })} />}
              label="Chat notifications"
            />
          </Stack>
          <SaveRow label="Save preferences" error={state.apiError} busy={state.busy} dirty={dirty} saved={saved} />
        </Stack>
      </Box>
    </Section>
  );
}

export default function ProfilePage() {
  const { profile, status, error, load } = useProfile();
  const setConsoleTheme = useThemePreference((s) => s.setPreference);
  useEffect(() => {
    void load({ quiet: true });
  }, [load]);
  // The saved theme is the console's: applied whenever the profile is read.
  const savedTheme = profile?.preferences.theme;
  useEffect(() => {
    if (savedTheme) setConsoleTheme(savedTheme);
  }, [savedTheme, setConsoleTheme]);

  if (!profile && status === 'error' && error)
    return <ErrorState title="The profile could not be read" error={error} onRetry={() => void load()} />;
  if (!profile)
    return (
      <Typography sx={{ p: 3 }} color="text.secondary">
        Reading your profile…
      </Typography>
    );
  return (
    <Box sx={{ p: 3, maxWidth: 960 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {profile.name ?? profile.email}
      </Typography>
      <Stack spacing={2}>
        <AvatarSection profile={profile} />
        <DetailsSection profile={profile} />
        <PreferencesSection profile={profile} />
      </Stack>
      {error && status === 'ready' && <ErrorAlert error={error} sx={{ mt: 2 }} />}
    </Box>
  );
}

/** A form's refusal, its Save button (enabled when something changed) and "Saved" once it is. */
function SaveRow({
  label,
  error,
  busy,
  dirty,
  saved,
}: {
  label: string;
  error: NormalizedError | null;
  busy: boolean;
  dirty: boolean;
  saved: boolean;
}) {
  return (
    <>
      {error && <ErrorAlert error={error} />}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button type="submit" variant="contained" disabled={busy || !dirty}>
          {label}
        </Button>
        {saved && !dirty && (
          <Typography variant="body2" color="text.secondary" role="status">
            Saved
          </Typography>
        )}
      </Stack>
    </>
  );
}
