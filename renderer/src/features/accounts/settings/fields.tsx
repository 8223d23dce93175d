// The settings editors' own fields: a switch with its meaning, a read-only value, a write-only
// value (Set / Not set, Replace…, Clear), and pickers with search for time zones and countries.
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import { useMemo, useState, type ReactNode } from 'react';
import { isTimeZone } from '../../../../../shared/api/accounts/settings';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { isSet, KEEP, writeOnlyStatus, type WriteOnly } from './write-only';

countries.registerLocale(en);

export function SwitchField({
  label,
  description,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
}) {
  return (
    <Box>
      <FormControlLabel
        control={<Switch size="small" checked={checked} onChange={(_, on) => onChange(on)} disabled={disabled} />}
        label={label}
        sx={{ ml: -0.5 }}
      />
      {description && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ ml: 5.5, mt: -0.5 }}>
          {description}
        </Typography>
      )}
    </Box>
  );
}

/** A value the API answers but takes no change of (the payment method, the notification address). */
export function ReadOnlyField({ label, value, note }: { label: string; value: ReactNode; note?: string }) {
  return (
    <Box data-testid={`read-only-${label}`}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
        {value}
      </Typography>
      {note && (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      )}
    </Box>
  );
}

/**
 * A write-only value: never shown, only whether it is set. Replace… opens an empty box for the
 * new value; Clear asks first (what it stops is named by `clearConsequence`); Undo returns to
 * what was read.
 */
export function WriteOnlyField({
  label,
  read,
  value,
  onChange,
  clearConsequence,
  error,
}: {
  label: string;
  read: string | null;
  value: WriteOnly;
  onChange(value: WriteOnly): void;
  clearConsequence: string;
  error?: string;
}) {
  const [confirmClear, setConfirmClear] = useState(false);
  const set = isSet(read);
  const status = writeOnlyStatus(read, value);
  return (
    <Box data-testid={`write-only-${label}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2" sx={{ minWidth: 140 }}>
          {label}
        </Typography>
        <Chip
          size="small"
          label={status}
          color={value.change === 'keep' ? (set ? 'success' : 'default') : 'warning'}
          variant="outlined"
          data-testid="write-only-status"
        />
        {value.change === 'keep' ? (
          <>
            <Button size="small" onClick={() => onChange({ change: 'replace', value: '' })}>
              {set ? 'Replace…' : 'Set…'}
            </Button>
            {set && (
              <Button size="small" color="error" onClick={() => setConfirmClear(true)}>
                Clear
              </Button>
            )}
          </>
        ) : (
          <Button size="small" onClick={() => onChange(KEEP)}>
            {set ? 'Keep the current one' : 'Cancel'}
          </Button>
        )}
      </Stack>
      {value.change === 'replace' && (
        <TextField
          size="small"
          type="password"
          autoComplete="new-password"
          label={`New ${label.toLowerCase()}`}
          value={value.value}
          onChange={(e) => onChange({ change: 'replace', value: e.target.value })}
          error={Boolean(error)}
          helperText={error ?? 'Stored write-only: it is never shown again, only whether it is set'}
          sx={{ mt: 1, width: '100%', maxWidth: 480 }}
          autoFocus
        />
      )}
      {value.change !== 'replace' && error && <FormHelperText error>{error}</FormHelperText>}
      <ConfirmDialog
        open={confirmClear}
        title={`Clear the ${label.toLowerCase()}?`}
        confirmLabel="Clear on Save"
        destructive
        onConfirm={async () => onChange({ change: 'clear' })}
        onClose={() => setConfirmClear(false)}
      >
        {clearConsequence} It takes effect when you save this section, and the value cannot be shown again: to use it later, enter it anew.
      </ConfirmDialog>
    </Box>
  );
}

let zones: string[] | null = null;
/** The platform's IANA zones (UTC included), computed once. */
function timeZones(): string[] {
  if (!zones) {
    const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    zones = all.includes('UTC') ? all : ['UTC', ...all];
  }
  return zones;
}

const TIME_ZONE_HINT = 'An IANA time zone such as Europe/Paris';

/** A time zone chosen by searching the IANA names; a name typed that the list lacks is kept if the platform knows it. */
export function TimeZoneField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
}) {
  return (
    <Autocomplete
      freeSolo
      autoSelect
      options={timeZones()}
      value={value}
      onChange={(_, next) => onChange(typeof next === 'string' ? next.trim() : '')}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={label}
          error={Boolean(error)}
          helperText={
            error ?? (value && !isTimeZone(value) ? 'Not a time zone this machine knows; choose one from the list' : TIME_ZONE_HINT)
          }
        />
      )}
    />
  );
}

/** A country chosen by its English name; the form holds its ISO 3166-1 alpha-2 code. */
export function CountryField({ value, onChange, error }: { value: string; onChange(code: string): void; error?: string }) {
  const options = useMemo(
    () =>
      Object.entries(countries.getNames('en', { select: 'official' }))
        .map(([code, name]) => ({ code, name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [],
  );
  const selected = options.find((o) => o.code === value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_, next) => onChange(next?.code ?? '')}
      getOptionLabel={(o) => `${o.name} (${o.code})`}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      renderInput={(params) => (
        <TextField {...params} size="small" label="Country" error={Boolean(error)} helperText={error ?? 'Search by name or ISO code'} />
      )}
    />
  );
}
