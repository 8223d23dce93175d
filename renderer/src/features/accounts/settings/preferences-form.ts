// The account's preferences as a form, and the examples its format choices show.
import type { KNOWN_REGIONS } from '../../../../../shared/api/clusters/common';
import {
  LANGUAGE_NAMES,
  UpdatePreferencesRequest,
  type DATE_FORMATS,
  type LANGUAGES,
  type NUMBER_FORMATS,
  type THEMES,
} from '../../../../../shared/api/accounts/settings';
import type { SectionFormSpec } from './section-form';
import type { Settings } from './settings-store';

type Preferences = Settings['preferences'];

export interface PreferencesForm {
  timezone: string;
  language: (typeof LANGUAGES)[number];
  theme: (typeof THEMES)[number];
  dateFormat: (typeof DATE_FORMATS)[number];
  numberFormat: (typeof NUMBER_FORMATS)[number];
  /** A stored region the console does not know is shown as is (the select offers the known ones). */
  defaultRegion: (typeof KNOWN_REGIONS)[number] | string;
}

export const LANGUAGE_LABELS: Readonly<Record<PreferencesForm['language'], string>> = LANGUAGE_NAMES;
export const THEME_LABELS: Record<PreferencesForm['theme'], string> = { light: 'Light', dark: 'Dark', auto: 'Follow the system' };

const pad = (n: number) => String(n).padStart(2, '0');

/** A date written in one of the formats, e.g. 2026-03-31 as "03/31/2026" in MM/DD/YYYY. */
export function dateExample(format: PreferencesForm['dateFormat'], date: Date): string {
  const parts: Record<string, string> = {
    YYYY: String(date.getUTCFullYear()),
    MM: pad(date.getUTCMonth() + 1),
    DD: pad(date.getUTCDate()),
  };
  return format.replace(/YYYY|MM|DD/g, (p) => parts[p]!);
}

/** A number written in one of the formats: the pattern names the thousands and the decimal separators. */
export function numberExample(format: PreferencesForm['numberFormat'], value: number): string {
  const thousands = format.charAt(1);
  const decimal = format.charAt(5);
  const [whole = '0', fraction = '00'] = Math.abs(value).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return `${value < 0 ? '-' : ''}${grouped}${decimal}${fraction}`;
}

export const preferencesSpec: SectionFormSpec<Preferences, PreferencesForm, UpdatePreferencesRequest> = {
  fromSection: (s) => ({
    timezone: s.timezone,
    language: s.language,
    theme: s.theme,
    dateFormat: s.date_format,
    numberFormat: s.number_format,
    defaultRegion: s.default_region,
  }),
  toRequest: (f) => ({
    timezone: f.timezone,
    language: f.language,
    theme: f.theme,
    date_format: f.dateFormat,
    number_format: f.numberFormat,
    default_region: f.defaultRegion,
  }),
  schema: UpdatePreferencesRequest,
  members: {
    timezone: 'timezone',
    language: 'language',
    theme: 'theme',
    date_format: 'dateFormat',
    number_format: 'numberFormat',
    default_region: 'defaultRegion',
  },
};
