// /experiments: every experiment with its status, runs (completed of all), best validation loss,
// cost, tags and last change; filters by status and tags (sent to the API) and a text filter,
// all kept in the address (`#/experiments?status=active&tags=lora`).
import Add from '@mui/icons-material/Add';
import Science from '@mui/icons-material/Science';
import Button from '@mui/material/Button';
import { useCallback, useState } from 'react';
import { ExperimentStatus } from '../../../../../shared/api/training/experiments';
import { ListPage } from '../../../components/ListPage';
import { EmptyState } from '../../../components/StateViews';
import { useIntents } from '../../../platform/navigation/intents';
import { oneOfParam, parseList } from '../../../platform/navigation/url-state';
import { useIntent } from '../../../platform/page-hooks';
import { useServerList } from '../../../platform/use-server-list';
import { CreateExperimentDialog } from './CreateExperimentDialog';
import { EXPERIMENT_TABLE, openCreatedExperiment } from './experiment-columns';
import { ExperimentFilters } from './ExperimentFilters';
import { useExperiments, type ExperimentListItem, type ExperimentsState } from './experiments-store';

const URL = { status: '', tags: '' };
const haystack = (e: ExperimentListItem) => [e.name, e.id, e.description, e.hypothesis ?? '', ...e.tags].join('\n').toLowerCase();
const config = {
  store: useExperiments,
  rows: (s: ExperimentsState) => s.experiments,
  url: URL,
  filters: (p: typeof URL) => ({ status: oneOfParam(ExperimentStatus.options, p.status), tags: parseList(p.tags) }),
  // A substring of name, id, description, hypothesis or a tag; not fuzzy.
  select: (rows: readonly ExperimentListItem[], text: string) =>
    text ? rows.filter((e) => haystack(e).includes(text.toLowerCase())) : rows,
  keys: { n: () => useIntents.getState().request('experiments:create') }, // the palette's way; answered below
};

export function ExperimentList() {
  const list = useServerList(config);
  const { params, setParams } = list;
  const { status, tags } = config.filters(params);
  const [tagText, setTagText] = useState(tags.join(', '));
  const [creating, setCreating] = useState(false);
  const openCreate = useCallback(() => setCreating(true), []);
  useIntent('experiments:create', openCreate);
  const create = (testId?: string) => (
    <Button variant="contained" startIcon={<Add />} onClick={openCreate} data-testid={testId} aria-keyshortcuts={testId && 'N'}>
      New experiment
    </Button>
  );
  const clear = () => (setTagText(''), list.clearFilters());
  const empty = list.narrowed ? (
    <EmptyState title="No experiments match the filters" action={<Button onClick={clear}>Clear filters</Button>}>
      Filters: {[status, ...tags.map((t) => `#${t}`), params.q.trim()].filter(Boolean).join(', ')}.
    </EmptyState>
  ) : (
    <EmptyState icon={<Science />} title="No experiments yet" action={create()}>
      An experiment groups training runs that test one hypothesis (a learning rate, a LoRA rank, a dataset) so they can be compared: curves
      overlaid, statistical tests with corrected p-values, the pareto frontier of cost and quality. Create one, then add a run for each
      training job in it from the experiment’s page.
    </EmptyState>
  );
  return (
    <ListPage
      title="Experiments"
      description="Training runs grouped to test a hypothesis, with their statistics, insights and comparison."
      {...list.page}
      filter={{ ...list.page.filter, placeholder: 'Filter by name, id, tag', label: 'Filter experiments', width: 260 }}
      filters={<ExperimentFilters status={status} tagText={tagText} onTagText={setTagText} onChange={setParams} />}
      actions={create('create-experiment')}
      refreshLabel="Refresh experiments"
      errorTitle="Could not load experiments"
      table={{ ...EXPERIMENT_TABLE, ...list.table, empty }}
    >
      <CreateExperimentDialog open={creating} onClose={() => setCreating(false)} onCreated={openCreatedExperiment} />
    </ListPage>
  );
}
