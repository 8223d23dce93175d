// The templates list's filter row: the document's filters (category, framework, GPU compatible,
// official), its order and "include deprecated", all sent as query parameters of the list, and
// how many templates match.
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Framework, TemplateCategory, TemplateSortBy } from '../../../../../shared/api/clusters/templates';
import { SelectFilter } from '../../../components/SelectFilter';
import { oneOfParam } from '../../../platform/navigation/url-state';
import type { SortBy } from './templates-store';
import type { TemplateParams } from './use-templates-page';

const SORT_LABELS: Record<SortBy, string> = { name: 'Name', created_at: 'Newest', usage_count: 'Most used', rating: 'Best rated' };
const TRI = ['true', 'false'] as const;
const asIs = (value: string) => value;
type FilterKey = 'category' | 'framework' | 'gpu' | 'official';

export interface TemplateFiltersProps {
  params: TemplateParams;
  onChange(patch: Partial<TemplateParams>): void;
  count: string;
}

export function TemplateFilters({ params, onChange, count }: TemplateFiltersProps) {
  const select = <T extends string>(
    key: FilterKey,
    label: string,
    options: readonly T[],
    width: number,
    optionLabel: (v: T) => string = asIs,
  ) => (
    <SelectFilter
      label={label}
      value={oneOfParam(options, params[key])}
      options={options}
      optionLabel={optionLabel}
      onChange={(v) => onChange({ [key]: v })}
      width={width}
    />
  );
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {select('category', 'Category', TemplateCategory.options, 130)}
      {select('framework', 'Framework', Framework.options, 140)}
      {select('gpu', 'GPU', TRI, 150, (v) => (v === 'true' ? 'GPU compatible' : 'CPU only'))}
      {select('official', 'Source', TRI, 120, (v) => (v === 'true' ? 'Official' : 'Custom'))}
      <TextField
        select
        size="small"
        label="Sort by"
        value={oneOfParam(TemplateSortBy.options, params.sort_by) || 'name'}
        onChange={(e) => onChange({ sort_by: e.target.value })}
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
          <Switch
            size="small"
            checked={params.deprecated === '1'}
            onChange={(e) => onChange({ deprecated: e.target.checked ? '1' : '' })}
          />
        }
        label="Include deprecated"
      />
      <Typography variant="body2" color="text.secondary" data-testid="templates-count">
        {count}
      </Typography>
    </Stack>
  );
}
