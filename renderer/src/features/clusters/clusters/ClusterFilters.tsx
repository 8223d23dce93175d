// Status chips (with counts; several may be on) and the text filter above the clusters table.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { RefObject } from 'react';
import type { ClusterStatus } from '../../../../../shared/api/clusters/common';
import { CLUSTER_STATUSES, STATUS_COLOR } from './cluster-logic';
import { FilterBox } from '../../../components/FilterBox';

export interface ClusterFiltersProps {
  statuses: readonly ClusterStatus[];
  counts: Record<ClusterStatus, number>;
  text: string;
  filterRef: RefObject<HTMLInputElement | null>;
  onStatuses(statuses: ClusterStatus[]): void;
  onText(text: string): void;
}

export function ClusterFilters({ statuses, counts, text, filterRef, onStatuses, onText }: ClusterFiltersProps) {
  const toggle = (s: ClusterStatus) => onStatuses(statuses.includes(s) ? statuses.filter((x) => x !== s) : [...statuses, s]);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <FilterBox inputRef={filterRef} value={text} onChange={onText} placeholder="Filter clusters  /" label="Filter clusters" width={260} />
      <Stack direction="row" spacing={0.75} role="group" aria-label="Filter by status" sx={{ flexWrap: 'wrap', rowGap: 0.75 }}>
        <Chip
          label="All"
          size="small"
          color={statuses.length === 0 ? 'primary' : 'default'}
          variant={statuses.length === 0 ? 'filled' : 'outlined'}
          onClick={() => onStatuses([])}
          aria-pressed={statuses.length === 0}
        />
        {CLUSTER_STATUSES.map((s) => {
          const on = statuses.includes(s);
          return (
            <Chip
              key={s}
              size="small"
              label={`${s} ${counts[s]}`}
              color={on ? STATUS_COLOR[s] : 'default'}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => toggle(s)}
              aria-pressed={on}
              data-testid={`status-filter-${s}`}
              sx={{ textTransform: 'capitalize' }}
            />
          );
        })}
      </Stack>
    </Stack>
  );
}
