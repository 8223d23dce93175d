// The search box of every list: a magnifier, a placeholder, an accessible name, and a clear
// button once something is typed. Esc clears a box with text (and leaves one already empty).
import Clear from '@mui/icons-material/Clear';
import Search from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { KeyboardEvent, RefObject } from 'react';

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
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Escape') return;
    // Esc with text clears it and stops there (a dialog or drawer around the box stays open).
    if (value !== '') {
      e.preventDefault();
      e.stopPropagation();
      onChange('');
    } else {
      e.currentTarget.blur();
    }
  };
  return (
    <TextField
      inputRef={inputRef}
      size="small"
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={onKeyDown}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: value ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={`Clear ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
                title="Clear (Esc)"
                onClick={() => {
                  onChange('');
                  inputRef?.current?.focus();
                }}
              >
                <Clear fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : null,
        },
        htmlInput: { 'aria-label': label },
      }}
      sx={{ width }}
    />
  );
}
