// /models: the registry — the address's filters (type, status) and order (sort_by, order) sent
// to the list operation, a search over what was read, and ticks that pick 2–10 models to
// compare (C). The list's wiring is use-models-list.ts.
import CompareArrows from '@mui/icons-material/CompareArrows';
import ModelTraining from '@mui/icons-material/ModelTraining';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { ListPage } from '../../../components/ListPage';
import { EmptyState } from '../../../components/StateViews';
import { useServerList } from '../../../platform/use-server-list';
import { MODEL_TABLE } from './model-columns';
import { ModelFilters } from './ModelFilters';
import { useModels } from './models-store';
import { MODEL_LIST, useCompareTicks } from './use-models-list';

const models = (n: number) => `${n} model${n === 1 ? '' : 's'}`;

export function ModelListView() {
  const ticks = useCompareTicks();
  const list = useServerList({ ...MODEL_LIST, keys: ticks.keys });
  const total = useModels((s) => s.total);
  const { rows, all, params } = list;
  const count =
    list.page.status !== 'ready'
      ? ''
      : params.q.trim()
        ? `${rows.length} of ${models(all.length)}`
        : `${models(total)}${total > all.length ? ` (first ${all.length} shown)` : ''}`;
  const empty = list.narrowed ? (
    <EmptyState icon={<ModelTraining />} title="No models match" action={<Button onClick={list.clearFilters}>Clear filters</Button>}>
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
      {...list.page}
      filter={{ ...list.page.filter, placeholder: 'Search models', label: 'Search models', width: 260 }}
      refreshLabel="Refresh models"
      errorTitle="Could not load models"
      actions={
        <Tooltip title={ticks.hint ?? 'Compare the ticked models (C)'}>
          <span>
            <Button
              variant="contained"
              startIcon={<CompareArrows />}
              disabled={ticks.hint !== null}
              onClick={ticks.compare}
              data-testid="compare-models"
              aria-keyshortcuts="C"
            >
              Compare{ticks.ticked.length ? ` (${ticks.ticked.length})` : ''}
            </Button>
          </span>
        </Tooltip>
      }
      filters={<ModelFilters params={params} onChange={list.setParams} count={count} />}
      table={{ ...MODEL_TABLE, columns: ticks.columns, ...list.table, empty }}
    />
  );
}
