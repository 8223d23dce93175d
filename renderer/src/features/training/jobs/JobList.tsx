// /training/jobs: every training job with its live progress (percentage, epoch and step),
// status, loss, GPUs and cost so far; the status and model-type filters are the list
// operation's, the text filter and sort the table's, all kept in the address. Read again every
// few seconds while a job is pending or running.
import Add from '@mui/icons-material/Add';
import ModelTraining from '@mui/icons-material/ModelTraining';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { JobStatus, ModelType } from '../../../../../shared/api/training/jobs';
import { ListPage } from '../../../components/ListPage';
import { SelectFilter } from '../../../components/SelectFilter';
import { EmptyState } from '../../../components/StateViews';
import { oneOfParam } from '../../../platform/navigation/url-state';
import { useServerList } from '../../../platform/use-server-list';
import { JOB_TABLE } from './job-columns';
import { JOB_PAGE, useJobs, type JobListItem, type JobsState } from './jobs-store';

/** The list's pace while a job moves: progress bars a few seconds behind. */
const JOB_LIST_POLL_MS = 3_000;
const URL = { status: '', model: '' };
const config = {
  store: useJobs,
  rows: (s: JobsState) => s.jobs,
  url: URL,
  filters: (p: typeof URL) => ({ status: oneOfParam(JobStatus.options, p.status), modelType: oneOfParam(ModelType.options, p.model) }),
  search: (j: JobListItem) => `${j.name} ${j.id} ${j.datasetId}`,
  pollWhile: (rows: readonly JobListItem[]) => rows.some((j) => j.status === 'running' || j.status === 'pending'),
  pollMs: JOB_LIST_POLL_MS,
  // Jobs run for hours: the list spends the training read budget, not a read every 3 s.
  pollBudget: 'training' as const,
};

export function JobList({ onCreate }: { onCreate(): void }) {
  const list = useServerList({ ...config, keys: useMemo(() => ({ n: onCreate }), [onCreate]) });
  const total = useJobs((s) => s.total);
  const { params, setParams } = list;
  const create = (label: string, testId?: string) => (
    <Button variant="contained" startIcon={<Add />} onClick={onCreate} data-testid={testId} aria-keyshortcuts={testId && 'N'}>
      {label}
    </Button>
  );
  const empty = list.narrowed ? (
    <EmptyState title="No training jobs match the filters" action={<Button onClick={list.clearFilters}>Clear filters</Button>} />
  ) : (
    <EmptyState icon={<ModelTraining />} title="No training jobs yet" action={create('New training job')}>
      Fine-tune a base model on a ready dataset: choose the GPUs, see the estimated cost, and watch the loss as it trains.
    </EmptyState>
  );
  return (
    <ListPage
      title="Training jobs"
      description={`Fine-tuning runs with their live progress and cost.${total > JOB_PAGE ? ` The newest ${JOB_PAGE} of ${total.toLocaleString('en-US')} are listed.` : ''}`}
      {...list.page}
      filter={{ ...list.page.filter, placeholder: 'Filter by name, id or dataset', label: 'Filter training jobs', width: 260 }}
      filters={
        <Stack direction="row" spacing={1.5}>
          <SelectFilter
            label="Status"
            value={oneOfParam(JobStatus.options, params.status)}
            options={JobStatus.options}
            onChange={(status) => setParams({ status })}
            width={160}
          />
          <SelectFilter
            label="Model type"
            value={oneOfParam(ModelType.options, params.model)}
            options={ModelType.options}
            onChange={(model) => setParams({ model })}
            width={160}
          />
        </Stack>
      }
      actions={create('New training job', 'create-job')}
      refreshLabel="Refresh training jobs"
      errorTitle="Could not load training jobs"
      table={{ ...JOB_TABLE, ...list.table, empty }}
    />
  );
}
