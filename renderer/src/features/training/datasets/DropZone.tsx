// Where a file is dropped or chosen: a dashed area that takes a drop, opens the file chooser
// on click, Enter or Space, and shows the file chosen.
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { formatBytes } from '../training-format';

export function DropZone({
  file,
  accept,
  error,
  disabled,
  onFile,
}: {
  file: (Blob & { name: string }) | null;
  accept: string;
  error?: string;
  disabled?: boolean;
  onFile(file: File): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped && !disabled) onFile(dropped);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      input.current?.click();
    }
  };
  return (
    <Box className={error ? 'Mui-error' : undefined}>
      <Box
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-label={file ? `File ${file.name}; choose another` : 'Choose a file to upload'}
        aria-invalid={Boolean(error)}
        data-testid="dataset-drop-zone"
        onClick={() => !disabled && input.current?.click()}
        onKeyDown={onKey}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={(theme) => ({
          border: `2px dashed ${error ? theme.palette.error.main : over ? theme.palette.primary.main : theme.palette.divider}`,
          borderRadius: 1,
          px: 2,
          py: 2.5,
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          cursor: disabled ? 'default' : 'pointer',
          bgcolor: over ? alpha(theme.palette.primary.main, 0.08) : 'transparent',
          outline: 'none',
          '&:focus-visible': { borderColor: theme.palette.primary.main },
        })}
      >
        <UploadFileOutlined color={file ? 'primary' : 'action'} sx={{ fontSize: 36 }} />
        <Box sx={{ minWidth: 0 }}>
          {file ? (
            <>
              <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap data-testid="dataset-file-name">
                {file.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {formatBytes(file.size)} · drop another file or click to change
              </Typography>
            </>
          ) : (
            <>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                Drop a dataset file here
              </Typography>
              <Typography variant="caption" color="text.secondary">
                JSON Lines, CSV, Parquet, HDF5, zip or tar — or click to choose one; large files go in parts, with progress
              </Typography>
            </>
          )}
        </Box>
      </Box>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid="dataset-file-input"
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          if (chosen) onFile(chosen);
          e.target.value = '';
        }}
      />
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
