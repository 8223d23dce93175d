// The registry's filter row: type and status, the list operation's order (sort_by, order),
// and how many models are shown.
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ModelType } from '../../../../../shared/api/training/jobs';
import { ModelSort, ModelStatus } from '../../../../../shared/api/training/models';
import { SelectFilter } from '../../../components/SelectFilter';
import { oneOfParam } from '../../../platform/navigation/url-state';
import type { ModelSortBy } from './models-store';

type Key = 'type' | 'status' | 'sort_by' | 'order';

const SORT_LABELS: Record<ModelSortBy, string> = { created_at: 'Created', updated_at: 'Updated', name: 'Name', size: 'Size' };
/** How each order reads for a sort: [descending, ascending]. */
const orderLabels = (sortBy: string): readonly [string, string] =>
  sortBy === 'name' ? ['Z to A', 'A to Z'] : sortBy === 'size' ? ['Largest first', 'Smallest first'] : ['Newest first', 'Oldest first'];

/** A select of a fixed set of values, each with its label (no "All"). */
function Choice({
  label,
  value,
  options,
  onChange,
  width,
}: {
  label: string;
  value: string;
  options: ReadonlyArray<readonly [string, string]>;
  onChange(v: string): void;
  width: number;
}) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ width }}>
      {options.map(([v, text]) => (
        <MenuItem key={v} value={v}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function ModelFilters({
  params,
  onChange,
  count,
}: {
  params: Record<Key, string>;
  onChange(patch: Partial<Record<Key, string>>): void;
  count: string;
}) {
  const sortBy = oneOfParam(ModelSort.options, params.sort_by) || 'created_at';
  const [desc, asc] = orderLabels(sortBy);
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <SelectFilter
        label="Type"
        value={oneOfParam(ModelType.options, params.type)}
        options={ModelType.options}
        onChange={(type) => onChange({ type })}
        width={130}
      />
      <SelectFilter
        label="Status"
        value={oneOfParam(ModelStatus.options, params.status)}
        options={ModelStatus.options}
        onChange={(status) => onChange({ status })}
        width={130}
      />
      <Choice
        label="Sort by"
        value={sortBy}
        options={ModelSort.options.map((s) => [s, SORT_LABELS[s]] as const)}
        onChange={(sort_by) => onChange({ sort_by })}
        width={130}
      />
      <Choice
        label="Order"
        value={params.order === 'asc' ? 'asc' : 'desc'}
        options={[
          ['desc', desc],
          ['asc', asc],
        ]}
        onChange={(order) => onChange({ order })}
        width={140}
      />
      <Typography variant="body2" color="text.secondary" data-testid="models-count">
        {count}
      </Typography>
    </Stack>
  );
}
