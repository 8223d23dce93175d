// Preferences: the account's time zone, language, theme, date and number formats (each shown
// with an example) and the region new resources default to.
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { DATE_FORMATS, LANGUAGES, NUMBER_FORMATS, THEMES } from '../../../../../shared/api/accounts/settings';
import { KNOWN_REGIONS } from '../../../../../shared/api/clusters/common';
import { Section } from '../../../components/Section';
import { FormField } from '../../../components/form/FormField';
import { serverNow } from '../../../platform/server-clock';
import { EditorFrame } from './EditorFrame';
import { TimeZoneField } from './fields';
import { dateExample, LANGUAGE_LABELS, numberExample, preferencesSpec, THEME_LABELS } from './preferences-form';
import type { Settings } from './settings-store';
import { useSectionEditor } from './use-section-editor';

const SAMPLE_NUMBER = 1234567.89;

export function PreferencesEditor({ section }: { section: Settings['preferences'] }) {
  const editor = useSectionEditor('preferences', section, preferencesSpec);
  const { form, update, errors } = editor;
  const today = new Date(serverNow());
  const regions: string[] = KNOWN_REGIONS.includes(form.defaultRegion as never)
    ? [...KNOWN_REGIONS]
    : [...KNOWN_REGIONS, form.defaultRegion];
  return (
    <EditorFrame editor={editor} label="Preferences">
      <Section title="Language and region" description="How the account's dates, times and numbers are written">
        <Stack spacing={1.5} sx={{ maxWidth: 480 }}>
          <TimeZoneField label="Time zone" value={form.timezone} onChange={(timezone) => update({ timezone })} error={errors.timezone} />
          <FormField form={editor} name="language" select label="Language">
            {LANGUAGES.map((l) => (
              <MenuItem key={l} value={l}>
                {LANGUAGE_LABELS[l]}
              </MenuItem>
            ))}
          </FormField>
          <FormField
            form={editor}
            name="dateFormat"
            errorKey="date_format"
            select
            label="Date format"
            hint={`Today reads ${dateExample(form.dateFormat, today)}`}
          >
            {DATE_FORMATS.map((f) => (
              <MenuItem key={f} value={f}>
                {f} — {dateExample(f, today)}
              </MenuItem>
            ))}
          </FormField>
          <FormField
            form={editor}
            name="numberFormat"
            errorKey="number_format"
            select
            label="Number format"
            hint={`A million and more reads ${numberExample(form.numberFormat, SAMPLE_NUMBER)}`}
          >
            {NUMBER_FORMATS.map((f) => (
              <MenuItem key={f} value={f}>
                {numberExample(f, SAMPLE_NUMBER)}
              </MenuItem>
            ))}
          </FormField>
        </Stack>
      </Section>
      <Section title="Appearance and defaults">
        <Stack spacing={1.5} sx={{ maxWidth: 480 }}>
          <FormField
            form={editor}
            name="theme"
            select
            label="Theme"
            hint="The account's default; this console's own light/dark switch stays yours"
          >
            {THEMES.map((t) => (
              <MenuItem key={t} value={t}>
                {THEME_LABELS[t]}
              </MenuItem>
            ))}
          </FormField>
          <FormField
            form={editor}
            name="defaultRegion"
            errorKey="default_region"
            select
            label="Default region"
            hint="Where new clusters and endpoints go unless another is chosen"
          >
            {regions.map((r) => (
              <MenuItem key={r} value={r}>
                {r}
              </MenuItem>
            ))}
          </FormField>
        </Stack>
      </Section>
    </EditorFrame>
  );
}
