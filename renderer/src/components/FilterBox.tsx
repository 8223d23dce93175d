// The search box of every list: a magnifier, a placeholder and an accessible name.
import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { RefObject } from 'react';

export interface FilterBoxProps {
  value: string;
  onChange(value: string): void;
  placeholder: string;
  /** The box's accessible name. */
  label: string;
  inputRef?: RefObject<HTMLInputElement | null>;
  /** Pixels (default 240). */
  width?: number;
}

export function FilterBox({ value, onChange, placeholder, label, inputRef, width = 240 }: FilterBoxProps) {
  return (
    <TextField
      inputRef={inputRef}
      size="small"
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
        htmlInput: { 'aria-label': label },
      }}
      sx={{ width }}
    />
  );
}
