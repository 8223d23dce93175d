// /models: the registry — the document's filters (type, status) and sort sent to the list
// operation, a search over what was read, and ticks that pick 2–10 models to compare.
import { SelectFilter } from '../../../components/SelectFilter';
import CompareArrows from '@mui/icons-material/CompareArrows';
import ModelTraining from '@mui/icons-material/ModelTraining';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { ModelType } from '../../../../../shared/api/training/jobs';
import { ModelSort, ModelStatus } from '../../../../../shared/api/training/models';
import { navigate } from '../../../platform/navigation/hash-router';
import { usePageKeys } from '../../../platform/page-hooks';
import { useLatest } from '../../../lib/use-latest';
import { FilterBox } from '../../../components/FilterBox';
import { ListPage } from '../../../components/ListPage';
import { EmptyState } from '../../../components/StateViews';
import { modelColumns } from './model-columns';
import { comparePath, MODEL_COMPARE_LIMITS, modelPath } from './model-routes';
import { searchModels, useModels, type ModelFilters, type ModelItem } from './models-store';
import { useModelList } from './use-models-list';

const SORT_LABELS: Record<ModelFilters['sortBy'], string> = { created_at: 'Created', updated_at: 'Updated', name: 'Name', size: 'Size' };

export function compareHint(count: number): string | null {
  const { min, max } = MODEL_COMPARE_LIMITS;
  if (count < min) return `Tick ${min} to ${max} models to compare them`;
  if (count > max) return `At most ${max} models at a time (${count} ticked)`;
  return null;
}

export function ModelListView() {
  const { models, total, status, error, refreshing, loadedAt } = useModels();
  const { filters, search, setSearch, change, sort, onSortChange } = useModelList();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (id: string) =>
      setSelected((s) => {
        const next = new Set(s);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const columns = useMemo(() => modelColumns({ selected, toggle }), [selected, toggle]);
  const rows = useMemo(() => searchModels(models, search), [models, search]);
  const open = useCallback((m: ModelItem) => navigate(modelPath(m.id)), []);
  const ticked = models.filter((m) => selected.has(m.id)).map((m) => m.id);
  const hint = compareHint(ticked.length);
  const compareRef = useLatest(() => {
    if (!hint) navigate(comparePath(ticked));
  });
  const compare = () => compareRef.current();
  usePageKeys(useMemo(() => ({ c: () => compareRef.current() }), [compareRef]));

  const filtered = Boolean(filters.type || filters.status || search.trim());
  const empty = filtered ? (
    <EmptyState
      icon={<ModelTraining />}
      title="No models match"
      action={
        <Button
          onClick={() => {
            change({ type: '', status: '' });
            setSearch('');
          }}
        >
          Clear filters
        </Button>
      }
    >
      Change the search or the filters.
    </EmptyState>
  ) : (
    <EmptyState
      icon={<ModelTraining />}
      title="No models yet"
      action={
        <Button variant="outlined" href="#/training/jobs">
          Go to training jobs
        </Button>
      }
    >
      A model appears here when a training job completes: it is registered with its metrics, files and a first version.
    </EmptyState>
  );

  return (
    <ListPage
      title="Models"
      description="Models registered by completed training jobs: versions, metrics, files and deployments."
      refreshLabel="Refresh models"
      onRefresh={() => void useModels.getState().load()}
      actions={
        <Tooltip title={hint ?? 'Compare the ticked models (C)'}>
          <span>
            <Button
              variant="contained"
              startIcon={<CompareArrows />}
              disabled={hint !== null}
              onClick={compare}
              data-testid="compare-models"
            >
              Compare{ticked.length ? ` (${ticked.length})` : ''}
            </Button>
          </span>
        </Tooltip>
      }
      filters={
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <FilterBox value={search} onChange={setSearch} placeholder="Search models" label="Search models" width={260} />
          <SelectFilter label="Type" value={filters.type} options={ModelType.options} onChange={(type) => change({ type })} width={130} />
          <SelectFilter
            label="Status"
            value={filters.status}
            options={ModelStatus.options}
            onChange={(status) => change({ status })}
            width={130}
          />
          <TextField
            select
            size="small"
            label="Sort by"
            value={filters.sortBy}
            onChange={(e) => change({ sortBy: e.target.value as ModelFilters['sortBy'] })}
            sx={{ width: 130 }}
          >
            {ModelSort.options.map((s) => (
              <MenuItem key={s} value={s}>
                {SORT_LABELS[s]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Order"
            value={filters.order}
            onChange={(e) => change({ order: e.target.value as ModelFilters['order'] })}
            sx={{ width: 140 }}
          >
            <MenuItem value="desc">
              {filters.sortBy === 'name' ? 'Z to A' : filters.sortBy === 'size' ? 'Largest first' : 'Newest first'}
            </MenuItem>
            <MenuItem value="asc">
              {filters.sortBy === 'name' ? 'A to Z' : filters.sortBy === 'size' ? 'Smallest first' : 'Oldest first'}
            </MenuItem>
          </TextField>
          <Typography variant="body2" color="text.secondary" data-testid="models-count">
            {status === 'ready'
              ? search.trim()
                ? `${rows.length} of ${models.length} model${models.length === 1 ? '' : 's'}`
                : `${total} model${total === 1 ? '' : 's'}${total > models.length ? ` (first ${models.length} shown)` : ''}`
              : ''}
          </Typography>
        </Stack>
      }
      status={status}
      error={error}
      refreshing={refreshing}
      loadedAt={loadedAt}
      errorTitle="Could not load models"
      table={{
        label: 'Models',
        rows,
        columns,
        rowKey: (m) => m.id,
        loading: status === 'loading' && models.length === 0,
        sort,
        onSortChange,
        onRowActivate: open,
        rowTestId: (m) => `model-row-${m.id}`,
        rowHeight: 52,
        empty,
      }}
    />
  );
}
