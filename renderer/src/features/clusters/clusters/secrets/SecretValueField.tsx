// The value input, per type: a PEM text area with a file picker (certificates), a text area
// (file contents), or a password field with a show toggle (everything else).
import UploadFile from '@mui/icons-material/UploadFile';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';
import type { SecretType } from '../../../../../../shared/api/clusters/secrets';
import { MONO_FONT } from '../../../../lib/fonts';
import { readPemFile } from './secret-form';

export interface SecretValueFieldProps {
  type: SecretType;
  value: string;
  onChange(value: string): void;
  error?: string;
  editing: boolean;
}

export function SecretValueField({ type, value, onChange, error, editing }: SecretValueFieldProps) {
  const [shown, setShown] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const keep = editing ? 'Leave empty to keep the current value; a new value rotates it. ' : '';

  if (type === 'certificate' || type === 'file') {
    const pick = async (file: File | undefined) => {
      if (!file) return;
      setFileError(null);
      try {
        onChange(await readPemFile(file));
      } catch (e) {
        setFileError(e instanceof Error ? e.message : 'The file could not be read');
      }
    };
    return (
      <Stack spacing={1}>
        <TextField
          label={type === 'certificate' ? 'Certificate (PEM)' : 'File contents'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          error={Boolean(error ?? fileError)}
          helperText={
            fileError ??
            error ??
            `${keep}${type === 'certificate' ? 'Paste the PEM block or choose a file (at most 64 KB).' : 'Paste the contents or choose a file (at most 64 KB).'}`
          }
          multiline
          minRows={4}
          maxRows={10}
          fullWidth
          size="small"
          placeholder={type === 'certificate' ? '-----BEGIN CERTIFICATE-----' : undefined}
          slotProps={{ htmlInput: { spellCheck: false, 'aria-label': 'Secret value', style: { fontFamily: MONO_FONT, fontSize: 12 } } }}
        />
        <input
          ref={fileRef}
          type="file"
          hidden
          accept={type === 'certificate' ? '.pem,.crt,.cer,.key,text/plain' : undefined}
          onChange={(e) => void pick(e.target.files?.[0])}
          data-testid="secret-file-input"
        />
        <Button size="small" startIcon={<UploadFile />} onClick={() => fileRef.current?.click()} sx={{ alignSelf: 'flex-start' }}>
          Choose file…
        </Button>
      </Stack>
    );
  }

  return (
    <TextField
      label="Value"
      type={shown ? 'text' : 'password'}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? `${keep}Stored encrypted; shown only on reveal.`}
      fullWidth
      size="small"
      autoComplete="new-password"
      slotProps={{
        htmlInput: { 'aria-label': 'Secret value', spellCheck: false },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                size="small"
                aria-label={shown ? 'Hide the typed value' : 'Show the typed value'}
                onClick={() => setShown((s) => !s)}
                edge="end"
              >
                {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
