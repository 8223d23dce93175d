// The experiments list's filters: a chip per status (one at a time, "All" for none) and the
// tags box (comma-separated, all of them; applied on Enter or leaving the box).
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ExperimentStatus } from '../../../../../shared/api/training/experiments';
import { tagsOf } from './experiment-forms';

export interface ExperimentFiltersProps {
  status: ExperimentStatus | '';
  tagText: string;
  onTagText(text: string): void;
  /** A status picked, or the tags box applied (its tags, comma-joined). */
  onChange(patch: { status: ExperimentStatus | '' } | { tags: string }): void;
}

export function ExperimentFilters({ status, tagText, onTagText, onChange }: ExperimentFiltersProps) {
  const onApplyTags = () => onChange({ tags: tagsOf(tagText).join(',') });
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Stack direction="row" spacing={0.75} role="group" aria-label="Filter by status">
        {(['', ...ExperimentStatus.options] as const).map((s) => {
          const on = status === s;
          return (
            <Chip
              key={s || 'all'}
              size="small"
              label={s || 'All'}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => onChange({ status: s })}
              aria-pressed={on}
              data-testid={`experiment-status-filter-${s || 'all'}`}
              sx={{ textTransform: 'capitalize' }}
            />
          );
        })}
      </Stack>
      <TextField
        size="small"
        label="Tags (all of)"
        placeholder="lora, baseline"
        value={tagText}
        onChange={(e) => onTagText(e.target.value)}
        onBlur={onApplyTags}
        onKeyDown={(e) => e.key === 'Enter' && onApplyTags()}
        sx={{ width: 220 }}
        slotProps={{ htmlInput: { 'data-testid': 'experiment-tag-filter' } }}
      />
    </Stack>
  );
}
