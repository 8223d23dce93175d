// Small chips for a list of values, at most `max` of them; the rest collapse into "+N"
// with every value in its tooltip. One row high, for table cells.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';

const chip = { height: 20, fontSize: 11 } as const;

export function TagChips({ values, max = 2 }: { values: readonly string[]; max?: number }) {
  const shown = values.length > max ? values.slice(0, max - 1) : values;
  const hidden = values.length - shown.length;
  return (
    <Stack direction="row" spacing={0.5} sx={{ overflow: 'hidden' }}>
      {shown.map((v) => (
        <Chip key={v} label={v} size="small" variant="outlined" sx={chip} />
      ))}
      {hidden > 0 && (
        <Tooltip title={values.join(', ')}>
          <Chip label={`+${hidden}`} size="small" sx={chip} />
        </Tooltip>
      )}
    </Stack>
  );
}
