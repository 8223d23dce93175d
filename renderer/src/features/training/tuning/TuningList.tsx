// /tuning: every tuning job with its algorithm, objective, status, progress, best value and cost;
// status and algorithm filters sent to the server and kept in the address
// (`#/tuning?status=running&algorithm=tpe`); refreshed while any job runs. `?start=<job id>`
// opens the start dialog on that training job (how the training views link here).
import PlayArrow from '@mui/icons-material/PlayArrow';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Button from '@mui/material/Button';
import { useCallback, useMemo } from 'react';
import { TuningAlgorithm, TuningStatus } from '../../../../../shared/api/training/tuning';
import { ListPage } from '../../../components/ListPage';
import { SelectFilter } from '../../../components/SelectFilter';
import { EmptyState } from '../../../components/StateViews';
import { useIntents } from '../../../platform/navigation/intents';
import { useIntent } from '../../../platform/page-hooks';
import { useServerList } from '../../../platform/use-server-list';
import { StartTuningDialog } from './StartTuningDialog';
import { algorithmLabel } from './tuning-form';
import { isLive } from './tuning-format';
import { openTuning, tuningTable } from './tuning-columns';
import { useTrainingNameMap } from '../training-names-store';
import { useTuning, type TuningListItem, type TuningState } from './tuning-store';

const URL = { status: '', algorithm: '', sort: '-created', start: '' };
const config = {
  store: useTuning,
  rows: (s: TuningState) => s.tuningJobs,
  url: URL,
  filters: (p: typeof URL) => ({ status: p.status, algorithm: p.algorithm }),
  search: (t: TuningListItem) => t.id,
  pollWhile: (rows: readonly TuningListItem[]) => rows.some((t) => isLive(t.status)),
  // Tuning jobs run for hours: the list spends the training read budget.
  pollBudget: 'training' as const,
  keys: { n: () => useIntents.getState().request('tuning:start') }, // the palette's way; answered below
};
const STATUS = { label: 'Status', options: TuningStatus.options, testId: 'tuning-status-filter' };
const ALGORITHM = { label: 'Algorithm', options: TuningAlgorithm.options, optionLabel: algorithmLabel };

export function TuningList() {
  const list = useServerList(config);
  const total = useTuning((s) => s.total);
  const jobNames = useTrainingNameMap('jobs');
  const table = useMemo(() => tuningTable(jobNames), [jobNames]);
  const { params, setParams, all } = list;
  const openStart = useCallback(() => setParams({ start: 'new' }), [setParams]);
  useIntent('tuning:start', openStart);
  const start = (testId?: string) => (
    <Button variant="contained" startIcon={<PlayArrow />} onClick={openStart} data-testid={testId} aria-keyshortcuts={testId && 'N'}>
      Start tuning
    </Button>
  );
  const selectFiltered = params.status !== '' || params.algorithm !== ''; // `start` is the dialog, no text box
  const empty = selectFiltered ? (
    <EmptyState title="No tuning jobs match the filters" action={<Button onClick={list.clearFilters}>Clear filters</Button>} />
  ) : (
    <EmptyState icon={<TuneOutlined />} title="No tuning jobs yet" action={start()}>
      A tuning job searches a training job’s hyperparameters: choose a training job, the parameters and their ranges, and an algorithm. Each
      trial trains the job’s configuration with other values; the best one can be trained again as a new job.
    </EmptyState>
  );
  return (
    <ListPage
      title="Tuning"
      description={`Hyperparameter searches over training jobs${total > all.length ? ` (the newest ${all.length} of ${total})` : ''}.${config.pollWhile(all) ? ' Refreshing while tuning jobs run.' : ''}`}
      refreshLabel="Refresh tuning jobs"
      actions={start('start-tuning')}
      filters={
        <div style={{ display: 'flex', gap: 12 }}>
          <SelectFilter {...STATUS} value={params.status} onChange={(status) => setParams({ status })} />
          <SelectFilter {...ALGORITHM} value={params.algorithm} onChange={(algorithm) => setParams({ algorithm })} />
        </div>
      }
      {...list.page}
      filter={undefined}
      errorTitle="Could not load tuning jobs"
      table={{ ...table, ...list.table, rows: [...all], empty }}
    >
      <StartTuningDialog
        open={params.start !== ''}
        initialJobId={params.start === 'new' ? '' : params.start}
        onClose={() => setParams({ start: null })}
        onStarted={openTuning}
      />
    </ListPage>
  );
}
