// /tuning: every tuning job with its algorithm, objective, status, progress, best value and cost;
// status and algorithm filters sent to the server and kept in the address
// (`#/tuning?status=running&algorithm=tpe`); refreshed while any job runs. `?start=<job id>`
// opens the start dialog on that training job (how the training views link here).
import { SelectFilter } from '../../../components/SelectFilter';
import PlayArrow from '@mui/icons-material/PlayArrow';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Button from '@mui/material/Button';
import { useCallback, useEffect, useMemo } from 'react';
import { TuningAlgorithm, TuningStatus } from '../../../../../shared/api/training/tuning';
import { navigate } from '../../../platform/navigation/hash-router';
import { useUrlSort, useUrlState } from '../../../platform/navigation/url-state';
import { useIntent, useOnProfileSwitch, usePageKeys } from '../../../platform/page-hooks';
import { ListPage } from '../../../components/ListPage';
import { EmptyState } from '../../../components/StateViews';
import { usePolling } from '../../../lib/use-polling';
import { StartTuningDialog } from './StartTuningDialog';
import { algorithmLabel } from './tuning-form';
import { isLive } from './tuning-format';
import { tuningColumns } from './tuning-columns';
import { tuningPath } from './tuning-route';
import { useTuning, type TuningListItem } from './tuning-store';

export const LIST_POLL_MS = 5_000;
const URL_DEFAULTS = { status: '', algorithm: '', sort: '-created', start: '' };
const rowKey = (t: TuningListItem) => t.id;
const openRow = (t: TuningListItem) => navigate(tuningPath(t.trainingJobId, t.id));
const rowTestId = (t: TuningListItem) => `tuning-row-${t.id}`;

export function TuningList() {
  const tuningJobs = useTuning((s) => s.tuningJobs);
  const total = useTuning((s) => s.total);
  const status = useTuning((s) => s.status);
  const error = useTuning((s) => s.error);
  const refreshing = useTuning((s) => s.refreshing);
  const loadedAt = useTuning((s) => s.loadedAt);
  const { load } = useTuning.getState();
  const [params, setParams] = useUrlState(URL_DEFAULTS);
  const { sort, onSortChange } = useUrlSort(params.sort, setParams);
  const filters = useMemo(() => ({ status: params.status, algorithm: params.algorithm }), [params.status, params.algorithm]);
  const startOpen = params.start !== '';
  const openStart = useCallback(() => setParams({ start: 'new' }), [setParams]);
  const closeStart = useCallback(() => setParams({ start: null }), [setParams]);

  useEffect(() => void load(filters), [load, filters]);
  useIntent(
    'page:refresh',
    useCallback(() => void load(filters), [load, filters]),
  );
  useIntent('tuning:start', openStart);
  useOnProfileSwitch(() => void load(filters));
  usePageKeys(useMemo(() => ({ n: openStart }), [openStart]));
  const anyLive = useMemo(() => tuningJobs.some((t) => isLive(t.status)), [tuningJobs]);
  usePolling(anyLive, LIST_POLL_MS, () => void load(filters, { quiet: true }));

  const columns = useMemo(() => tuningColumns(), []);
  const filtered = filters.status !== '' || filters.algorithm !== '';
  const empty = useMemo(
    () =>
      filtered ? (
        <EmptyState
          title="No tuning jobs match the filters"
          action={<Button onClick={() => setParams({ status: null, algorithm: null })}>Clear filters</Button>}
        />
      ) : (
        <EmptyState
          icon={<TuneOutlined />}
          title="No tuning jobs yet"
          action={
            <Button variant="contained" startIcon={<PlayArrow />} onClick={openStart}>
              Start tuning
            </Button>
          }
        >
          A tuning job searches a training job’s hyperparameters: choose a training job, the parameters and their ranges, and an algorithm.
          Each trial trains the job’s configuration with other values; the best one can be trained again as a new job.
        </EmptyState>
      ),
    [filtered, setParams, openStart],
  );

  return (
    <ListPage
      title="Tuning"
      description={`Hyperparameter searches over training jobs${total > tuningJobs.length ? ` (the newest ${tuningJobs.length} of ${total})` : ''}.${anyLive ? ' Refreshing while tuning jobs run.' : ''}`}
      refreshLabel="Refresh tuning jobs"
      onRefresh={() => void load(filters)}
      actions={
        <Button variant="contained" startIcon={<PlayArrow />} onClick={openStart} data-testid="start-tuning" aria-keyshortcuts="N">
          Start tuning
        </Button>
      }
      filters={
        <div style={{ display: 'flex', gap: 12 }}>
          <SelectFilter
            label="Status"
            value={filters.status}
            options={TuningStatus.options}
            onChange={(status) => setParams({ status })}
            testId="tuning-status-filter"
          />
          <SelectFilter
            label="Algorithm"
            value={filters.algorithm}
            options={TuningAlgorithm.options}
            optionLabel={algorithmLabel}
            onChange={(algorithm) => setParams({ algorithm })}
          />
        </div>
      }
      status={status}
      error={error}
      refreshing={refreshing}
      loadedAt={loadedAt}
      errorTitle="Could not load tuning jobs"
      table={{
        label: 'Tuning jobs',
        rows: tuningJobs,
        columns,
        rowKey,
        loading: status !== 'ready' && tuningJobs.length === 0,
        rowHeight: 56,
        sort,
        onSortChange,
        onRowActivate: openRow,
        rowTestId,
        empty,
      }}
    >
      <StartTuningDialog
        open={startOpen}
        initialJobId={params.start === 'new' ? '' : params.start}
        onClose={closeStart}
        onStarted={(t) => navigate(tuningPath(t.trainingJobId, t.id))}
      />
    </ListPage>
  );
}
