// A list's filter on one field: a small select whose first option lets everything through
// ("All"), its label kept above the field so an unset filter still reads as a filter. The one
// way the lists (datasets, training jobs, models, tuning) filter by a fixed set of values.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface SelectFilterProps<T extends string> {
  label: string;
  value: T | '';
  options: readonly T[];
  onChange(value: T | ''): void;
  /** How an option reads (default: the option, capitalised). */
  optionLabel?: (option: T) => string;
  width?: number;
  testId?: string;
}

export function SelectFilter<T extends string>({
  label,
  value,
  options,
  onChange,
  optionLabel,
  width = 150,
  testId,
}: SelectFilterProps<T>) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as T | '')}
      sx={{ width }}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      data-testid={testId}
    >
      <MenuItem value="">All</MenuItem>
      {options.map((o) => (
        <MenuItem key={o} value={o} sx={optionLabel ? undefined : { textTransform: 'capitalize' }}>
          {optionLabel ? optionLabel(o) : o}
        </MenuItem>
      ))}
    </TextField>
  );
}
