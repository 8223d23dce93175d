// The templates toolbar: the document's filters (category, framework, GPU compatible,
// official, search, sort, include deprecated), all sent as query parameters of the list.
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Framework, TemplateCategory, TemplateSortBy } from '../../../../../shared/api/clusters/templates';
import type { TemplateFilters as Filters, TriState } from './templates-store';
import { FilterBox } from '../../../components/FilterBox';

const SORT_LABELS: Record<Filters['sortBy'], string> = {
  name: 'Name',
  created_at: 'Newest',
  usage_count: 'Most used',
  rating: 'Best rated',
};

function TriSelect({
  label,
  value,
  onChange,
  yes,
  no,
  width,
}: {
  label: string;
  value: TriState;
  onChange(v: TriState): void;
  yes: string;
  no: string;
  width: number;
}) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(e) => onChange(e.target.value as TriState)} sx={{ width }}>
      <MenuItem value="">Any</MenuItem>
      <MenuItem value="true">{yes}</MenuItem>
      <MenuItem value="false">{no}</MenuItem>
    </TextField>
  );
}

export function TemplateFilters({
  search,
  onSearch,
  filters,
  onChange,
}: {
  search: string;
  onSearch(v: string): void;
  filters: Filters;
  onChange(patch: Partial<Filters>): void;
}) {
  return (
    <>
      <FilterBox value={search} onChange={onSearch} placeholder="Search name, description, tags" label="Search templates" width={250} />
      <TextField
        select
        size="small"
        label="Category"
        value={filters.category}
        onChange={(e) => onChange({ category: e.target.value as Filters['category'] })}
        sx={{ width: 130 }}
      >
        <MenuItem value="">All</MenuItem>
        {TemplateCategory.options.map((c) => (
          <MenuItem key={c} value={c}>
            {c}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Framework"
        value={filters.framework}
        onChange={(e) => onChange({ framework: e.target.value as Filters['framework'] })}
        sx={{ width: 140 }}
      >
        <MenuItem value="">All</MenuItem>
        {Framework.options.map((f) => (
          <MenuItem key={f} value={f}>
            {f}
          </MenuItem>
        ))}
      </TextField>
      <TriSelect
        label="GPU"
        value={filters.gpuCompatible}
        onChange={(gpuCompatible) => onChange({ gpuCompatible })}
        yes="GPU compatible"
        no="CPU only"
        width={150}
      />
      <TriSelect
        label="Source"
        value={filters.official}
        onChange={(official) => onChange({ official })}
        yes="Official"
        no="Custom"
        width={120}
      />
      <TextField
        select
        size="small"
        label="Sort by"
        value={filters.sortBy}
        onChange={(e) => onChange({ sortBy: e.target.value as Filters['sortBy'] })}
        sx={{ width: 140 }}
      >
        {TemplateSortBy.options.map((s) => (
          <MenuItem key={s} value={s}>
            {SORT_LABELS[s]}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        sx={{ ml: 0 }}
        control={
          <Switch size="small" checked={filters.includeDeprecated} onChange={(e) => onChange({ includeDeprecated: e.target.checked })} />
        }
        label="Include deprecated"
      />
    </>
  );
}
