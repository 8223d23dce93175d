// The toolbar of the Secrets tab: search (debounced by the tab), type and category
// filters (server-side), and the count per type from the list response.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SecretCategory, SecretType } from '../../../../../../shared/api/clusters/secrets';
import { CATEGORY_LABELS, TYPE_LABELS } from './secret-status';
import type { SecretFilters as Filters } from './secrets-store';
import { FilterBox } from '../../../../components/FilterBox';

export interface SecretFiltersProps {
  search: string;
  onSearch(text: string): void;
  filters: Filters;
  onFilters(patch: Partial<Filters>): void;
  typeCounts: Partial<Record<SecretType, number>>;
}

export function SecretFilters({ search, onSearch, filters, onFilters, typeCounts }: SecretFiltersProps) {
  return (
    <>
      <FilterBox value={search} onChange={onSearch} placeholder="Search name or description" label="Search secrets" width={260} />
      <TextField
        select
        size="small"
        label="Type"
        value={filters.type}
        onChange={(e) => onFilters({ type: e.target.value as Filters['type'] })}
        sx={{ width: 170 }}
      >
        <MenuItem value="">All types</MenuItem>
        {SecretType.options.map((t) => (
          <MenuItem key={t} value={t}>
            {TYPE_LABELS[t]}
            {typeCounts[t] !== undefined && !filters.type ? ` (${typeCounts[t]})` : ''}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Category"
        value={filters.category}
        onChange={(e) => onFilters({ category: e.target.value as Filters['category'] })}
        sx={{ width: 190 }}
      >
        <MenuItem value="">All categories</MenuItem>
        {SecretCategory.options.map((c) => (
          <MenuItem key={c} value={c}>
            {CATEGORY_LABELS[c]}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
