// An editable list of IP addresses / CIDR ranges: one field per entry, each checked as it is
// typed with the shared schema, its error shown under it.
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MONO_FONT } from '../../../../lib/fonts';

export interface IpListFieldProps {
  label: string;
  /** Shown when the list is empty, e.g. "Any address may connect". */
  emptyText: string;
  entries: string[];
  /** Message per entry index; undefined when valid. */
  errorAt(index: number): string | undefined;
  listError?: string;
  onChange(entries: string[]): void;
  testId: string;
}

export function IpListField({ label, emptyText, entries, errorAt, listError, onChange, testId }: IpListFieldProps) {
  const set = (i: number, value: string) => onChange(entries.map((e, j) => (j === i ? value : e)));
  return (
    <Box data-testid={testId}>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.75 }}>
        {label}
      </Typography>
      <Stack spacing={1}>
        {entries.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {emptyText}
          </Typography>
        )}
        {entries.map((entry, i) => {
          const error = errorAt(i);
          return (
            <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                size="small"
                value={entry}
                onChange={(e) => set(i, e.target.value)}
                placeholder="203.0.113.0/24"
                error={Boolean(error)}
                helperText={error}
                autoFocus={entry === '' && i === entries.length - 1}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { 'aria-label': `${label} entry ${i + 1}`, spellCheck: false, style: { fontFamily: MONO_FONT } } }}
              />
              <IconButton
                aria-label={`Remove ${label.toLowerCase()} entry ${i + 1}`}
                onClick={() => onChange(entries.filter((_, j) => j !== i))}
                sx={{ mt: 0.25 }}
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Stack>
          );
        })}
        <Box>
          <Button size="small" startIcon={<Add />} onClick={() => onChange([...entries, ''])}>
            Add address or range
          </Button>
        </Box>
        {listError && <FormHelperText error>{listError}</FormHelperText>}
      </Stack>
    </Box>
  );
}
