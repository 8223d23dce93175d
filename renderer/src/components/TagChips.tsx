// Small chips for a list of values, one row high for table cells: at most `max` of them, the
// rest collapsed into "+N". A chip the cell is too narrow for shrinks to an ellipsis rather
// than being cut off, and the group's tooltip lists every value.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';

// minWidth 0 lets a chip shrink below its label (MUI's label already ends in an ellipsis).
const chip = { height: 20, fontSize: 11, minWidth: 0 } as const;

export function TagChips({ values, max = 2 }: { values: readonly string[]; max?: number }) {
  if (values.length === 0) return null;
  const shown = values.length > max ? values.slice(0, max - 1) : values;
  const hidden = values.length - shown.length;
  return (
    <Tooltip title={values.join(', ')}>
      <Stack direction="row" spacing={0.5} sx={{ overflow: 'hidden', minWidth: 0 }} data-testid="tag-chips">
        {shown.map((v) => (
          <Chip key={v} label={v} size="small" variant="outlined" sx={chip} />
        ))}
        {hidden > 0 && <Chip label={`+${hidden}`} size="small" sx={{ ...chip, flexShrink: 0 }} />}
      </Stack>
    </Tooltip>
  );
}
