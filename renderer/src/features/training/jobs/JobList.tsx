// /training/jobs: every training job with its live progress (percentage, epoch and step),
// status, loss, GPUs and cost so far; the status and model-type filters are the list
// operation's, the text filter and sort the table's, all kept in the address. Read again every
// few seconds while a job is pending or running.
import { SelectFilter } from '../../../components/SelectFilter';
import Add from '@mui/icons-material/Add';
import ModelTraining from '@mui/icons-material/ModelTraining';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { JobStatus, ModelType } from '../../../../../shared/api/training/jobs';
import { navigate } from '../../../platform/navigation/hash-router';
import { useUrlSort, useUrlState } from '../../../platform/navigation/url-state';
import { useIntent, useOnProfileSwitch, usePageKeys } from '../../../platform/page-hooks';
import { ListPage } from '../../../components/ListPage';
import { EmptyState } from '../../../components/StateViews';
import { fuzzyFilter } from '../../../lib/fuzzy';
import { usePolling } from '../../../lib/use-polling';
import { jobColumns } from './job-columns';
import { JOB_PAGE, useJobs, type JobFilters, type JobListItem } from './jobs-store';

/** The list's pace while a job moves: progress bars a few seconds behind. */
export const JOB_LIST_POLL_MS = 3_000;
const URL_DEFAULTS = { q: '', status: '', model: '', sort: '' };
const rowKey = (j: JobListItem) => j.id;
const openRow = (j: JobListItem) => navigate(`/training/jobs/${encodeURIComponent(j.id)}`);
const rowTestId = (j: JobListItem) => `job-row-${j.id}`;
const oneOf = <T extends string>(options: readonly T[], value: string): T | '' => (options.includes(value as T) ? (value as T) : '');

export function JobList({ onCreate }: { onCreate(): void }) {
  const jobs = useJobs((s) => s.jobs);
  const total = useJobs((s) => s.total);
  const status = useJobs((s) => s.status);
  const error = useJobs((s) => s.error);
  const refreshing = useJobs((s) => s.refreshing);
  const loadedAt = useJobs((s) => s.loadedAt);
  const [params, setParams] = useUrlState(URL_DEFAULTS);
  const { sort, onSortChange } = useUrlSort(params.sort, setParams);
  const filters = useMemo<JobFilters>(
    () => ({ status: oneOf(JobStatus.options, params.status), modelType: oneOf(ModelType.options, params.model) }),
    [params.status, params.model],
  );
  const load = useCallback(() => void useJobs.getState().load(filters), [filters]);
  useEffect(load, [load]);
  useIntent('page:refresh', load);
  useOnProfileSwitch(load);
  const filterRef = useRef<HTMLInputElement>(null);
  usePageKeys(useMemo(() => ({ '/': () => filterRef.current?.focus(), n: onCreate }), [onCreate]));
  const moving = useMemo(() => jobs.some((j) => j.status === 'running' || j.status === 'pending'), [jobs]);
  usePolling(moving, JOB_LIST_POLL_MS, () => void useJobs.getState().load(filters, { quiet: true }));

  const text = params.q;
  const setText = useCallback((q: string) => setParams({ q }, 'typing'), [setParams]);
  const deferred = useDeferredValue(text);
  const rows = useMemo(
    () => (deferred.trim() ? fuzzyFilter(jobs, deferred.trim(), (j) => `${j.name} ${j.id} ${j.datasetId}`) : jobs),
    [jobs, deferred],
  );
  const columns = useMemo(() => jobColumns(), []);
  const narrowed = deferred.trim() !== '' || filters.status !== '' || filters.modelType !== '';
  const empty = narrowed ? (
    <EmptyState
      title="No training jobs match the filters"
      action={<Button onClick={() => setParams({ q: '', status: '', model: '' })}>Clear filters</Button>}
    />
  ) : (
    <EmptyState
      icon={<ModelTraining />}
      title="No training jobs yet"
      action={
        <Button variant="contained" startIcon={<Add />} onClick={onCreate}>
          New training job
        </Button>
      }
    >
      Fine-tune a base model on a ready dataset: choose the GPUs, see the estimated cost, and watch the loss as it trains.
    </EmptyState>
  );

  return (
    <ListPage
      title="Training jobs"
      description={`Fine-tuning runs with their live progress and cost.${total > JOB_PAGE ? ` The newest ${JOB_PAGE} of ${total.toLocaleString('en-US')} are listed.` : ''}`}
      filter={{
        value: text,
        onChange: setText,
        placeholder: 'Filter by name, id or dataset',
        label: 'Filter training jobs',
        inputRef: filterRef,
        width: 260,
      }}
      filters={
        <Stack direction="row" spacing={1.5}>
          <SelectFilter
            label="Status"
            value={filters.status}
            options={JobStatus.options}
            onChange={(status) => setParams({ status })}
            width={160}
          />
          <SelectFilter
            label="Model type"
            value={filters.modelType}
            options={ModelType.options}
            onChange={(model) => setParams({ model })}
            width={160}
          />
        </Stack>
      }
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={onCreate} data-testid="create-job" aria-keyshortcuts="N">
          New training job
        </Button>
      }
      refreshLabel="Refresh training jobs"
      onRefresh={load}
      status={status}
      error={error}
      refreshing={refreshing}
      loadedAt={loadedAt}
      errorTitle="Could not load training jobs"
      table={{
        label: 'Training jobs',
        rows,
        columns,
        rowKey,
        loading: status !== 'ready' && jobs.length === 0,
        rowHeight: 56,
        sort,
        onSortChange,
        onRowActivate: openRow,
        rowTestId,
        empty,
      }}
    />
  );
}
