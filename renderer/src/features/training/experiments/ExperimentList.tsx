// /experiments: every experiment with its status, runs (completed of all), best validation loss,
// cost, tags and last change; filters by status and tags (sent to the API) and a text filter,
// all kept in the address (`#/experiments?status=active&tags=lora`).
import Add from '@mui/icons-material/Add';
import Science from '@mui/icons-material/Science';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { ExperimentStatus, type Experiment } from '../../../../../shared/api/training/experiments';
import { navigate } from '../../../platform/navigation/hash-router';
import { parseList, useUrlSort, useUrlState } from '../../../platform/navigation/url-state';
import { notify } from '../../../platform/notifications-store';
import { useIntent, useOnProfileSwitch, usePageKeys } from '../../../platform/page-hooks';
import { ListPage } from '../../../components/ListPage';
import { EmptyState } from '../../../components/StateViews';
import { CreateExperimentDialog } from './CreateExperimentDialog';
import { experimentColumns } from './experiment-columns';
import { experimentPath } from './experiment-route';
import { tagsOf } from './experiment-forms';
import { useExperiments, type ExperimentListItem, type ListFilters } from './experiments-store';

const URL_DEFAULTS = { q: '', sort: '', status: '', tags: '' };
const rowKey = (e: ExperimentListItem) => e.id;
const openRow = (e: ExperimentListItem) => navigate(experimentPath(e.id));
const rowTestId = (e: ExperimentListItem) => `experiment-row-${e.id}`;

function matches(e: ExperimentListItem, text: string): boolean {
  const t = text.trim().toLowerCase();
  if (!t) return true;
  return [e.name, e.id, e.description, e.hypothesis ?? '', ...e.tags].some((v) => v.toLowerCase().includes(t));
}

export function ExperimentList() {
  const experiments = useExperiments((s) => s.experiments);
  const status = useExperiments((s) => s.status);
  const error = useExperiments((s) => s.error);
  const refreshing = useExperiments((s) => s.refreshing);
  const loadedAt = useExperiments((s) => s.loadedAt);
  const [params, setParams] = useUrlState(URL_DEFAULTS);
  const { sort, onSortChange } = useUrlSort(params.sort, setParams);
  const statusFilter = ExperimentStatus.safeParse(params.status).success ? (params.status as ExperimentStatus) : '';
  const tagFilter = useMemo(() => parseList(params.tags), [params.tags]);
  const [tagText, setTagText] = useState(tagFilter.join(', '));
  const text = params.q;
  const setText = useCallback((q: string) => setParams({ q }, 'typing'), [setParams]);
  const deferredText = useDeferredValue(text);
  const filterRef = useRef<HTMLInputElement>(null);
  const [creating, setCreating] = useState(false);

  const filters = useMemo((): ListFilters => ({ status: statusFilter, tags: tagFilter }), [statusFilter, tagFilter]);
  const load = useCallback(() => void useExperiments.getState().load({ filters }), [filters]);
  useEffect(load, [load]);
  useIntent('page:refresh', load);
  useIntent(
    'experiments:create',
    useCallback(() => setCreating(true), []),
  );
  useOnProfileSwitch(load);
  usePageKeys(useMemo(() => ({ '/': () => filterRef.current?.focus(), n: () => setCreating(true) }), []));

  const columns = useMemo(() => experimentColumns(), []);
  const rows = useMemo(() => experiments.filter((e) => matches(e, deferredText)), [experiments, deferredText]);
  const filtered = deferredText.trim() !== '' || statusFilter !== '' || tagFilter.length > 0;
  const clearFilters = useCallback(() => {
    setTagText('');
    setParams({ q: '', status: '', tags: '' });
  }, [setParams]);
  const applyTags = () => setParams({ tags: tagsOf(tagText).join(',') });

  const empty = filtered ? (
    <EmptyState title="No experiments match the filters" action={<Button onClick={clearFilters}>Clear filters</Button>}>
      Filters: {[statusFilter, ...tagFilter.map((t) => `#${t}`), deferredText.trim()].filter(Boolean).join(', ')}.
    </EmptyState>
  ) : (
    <EmptyState
      icon={<Science />}
      title="No experiments yet"
      action={
        <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
          New experiment
        </Button>
      }
    >
      An experiment groups training runs that test one hypothesis (a learning rate, a LoRA rank, a dataset) so they can be compared: curves
      overlaid, statistical tests with corrected p-values, the pareto frontier of cost and quality. Create one, then add a run for each
      training job in it from the experiment’s page.
    </EmptyState>
  );

  const onCreated = (e: Experiment) => {
    notify('success', `Experiment “${e.name}” created`);
    navigate(experimentPath(e.id));
  };

  return (
    <ListPage
      title="Experiments"
      description="Training runs grouped to test a hypothesis, with their statistics, insights and comparison."
      filter={{
        value: text,
        onChange: setText,
        placeholder: 'Filter by name, id, tag',
        label: 'Filter experiments',
        inputRef: filterRef,
        width: 260,
      }}
      filters={
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Stack direction="row" spacing={0.75} role="group" aria-label="Filter by status">
            {(['', ...ExperimentStatus.options] as const).map((s) => {
              const on = statusFilter === s;
              return (
                <Chip
                  key={s || 'all'}
                  size="small"
                  label={s || 'All'}
                  color={on ? 'primary' : 'default'}
                  variant={on ? 'filled' : 'outlined'}
                  onClick={() => setParams({ status: s })}
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
            onChange={(e) => setTagText(e.target.value)}
            onBlur={applyTags}
            onKeyDown={(e) => e.key === 'Enter' && applyTags()}
            sx={{ width: 220 }}
            slotProps={{ htmlInput: { 'data-testid': 'experiment-tag-filter' } }}
          />
        </Stack>
      }
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setCreating(true)}
          data-testid="create-experiment"
          aria-keyshortcuts="N"
        >
          New experiment
        </Button>
      }
      refreshLabel="Refresh experiments"
      onRefresh={load}
      status={status}
      error={error}
      refreshing={refreshing}
      loadedAt={loadedAt}
      errorTitle="Could not load experiments"
      table={{
        label: 'Experiments',
        rows,
        columns,
        rowKey,
        loading: status !== 'ready' && experiments.length === 0,
        rowHeight: 52,
        sort,
        onSortChange,
        onRowActivate: openRow,
        rowTestId,
        empty,
      }}
    >
      <CreateExperimentDialog open={creating} onClose={() => setCreating(false)} onCreated={onCreated} />
    </ListPage>
  );
}
