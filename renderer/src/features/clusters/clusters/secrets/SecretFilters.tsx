// The toolbar of the Secrets tab: the search (sent to the service once typing pauses), the type
// and category filters (server-side) with the count per type from the list response, and how
// many secrets are shown.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SecretCategory, SecretType } from '../../../../../../shared/api/clusters/secrets';
import { FilterBox, type FilterBoxProps } from '../../../../components/FilterBox';
import { oneOfParam } from '../../../../platform/navigation/url-state';
import { CATEGORY_LABELS, TYPE_LABELS } from './secret-status';

type Key = 'type' | 'category';

export interface SecretFiltersProps {
  filter: Pick<FilterBoxProps, 'value' | 'onChange' | 'inputRef'>;
  params: Record<Key, string>;
  onChange(patch: Partial<Record<Key, string>>): void;
  typeCounts: Partial<Record<SecretType, number>>;
  count: string;
}

export function SecretFilters({ filter, params, onChange, typeCounts, count }: SecretFiltersProps) {
  const type = oneOfParam(SecretType.options, params.type);
  return (
    <>
      <FilterBox {...filter} placeholder="Search name or description" label="Search secrets" width={260} />
      <TextField select size="small" label="Type" value={type} onChange={(e) => onChange({ type: e.target.value })} sx={{ width: 170 }}>
        <MenuItem value="">All types</MenuItem>
        {SecretType.options.map((t) => (
          <MenuItem key={t} value={t}>
            {TYPE_LABELS[t]}
            {typeCounts[t] !== undefined && !type ? ` (${typeCounts[t]})` : ''}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Category"
        value={oneOfParam(SecretCategory.options, params.category)}
        onChange={(e) => onChange({ category: e.target.value })}
        sx={{ width: 190 }}
      >
        <MenuItem value="">All categories</MenuItem>
        {SecretCategory.options.map((c) => (
          <MenuItem key={c} value={c}>
            {CATEGORY_LABELS[c]}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} data-testid="secrets-count">
        {count}
      </Typography>
    </>
  );
}
