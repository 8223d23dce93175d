// /training/datasets: every dataset with its status, examples and size; the type and status
// filters are the list operation's (server-side), the text filter and the column sort are
// the table's, all kept in the address (`#/training/datasets?type=text&status=ready&q=chat`).
// Read again while a dataset is uploading or processing.
import { SelectFilter } from '../../../components/SelectFilter';
import Add from '@mui/icons-material/Add';
import DatasetOutlined from '@mui/icons-material/DatasetOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { DatasetStatus, DatasetType } from '../../../../../shared/api/training/datasets';
import { navigate } from '../../../platform/navigation/hash-router';
import { useUrlSort, useUrlState } from '../../../platform/navigation/url-state';
import { useIntent, useOnProfileSwitch, usePageKeys } from '../../../platform/page-hooks';
import { ListPage } from '../../../components/ListPage';
import { EmptyState } from '../../../components/StateViews';
import { fuzzyFilter } from '../../../lib/fuzzy';
import { LIST_POLL_MS, usePolling } from '../../../lib/use-polling';
import { datasetColumns } from './dataset-columns';
import { DATASET_PAGE, useDatasets, type DatasetFilters, type DatasetListItem } from './datasets-store';

const URL_DEFAULTS = { q: '', type: '', status: '', sort: '' };
const rowKey = (d: DatasetListItem) => d.id;
const openRow = (d: DatasetListItem) => navigate(`/training/datasets/${encodeURIComponent(d.id)}`);
const rowTestId = (d: DatasetListItem) => `dataset-row-${d.id}`;
const oneOf = <T extends string>(options: readonly T[], value: string): T | '' => (options.includes(value as T) ? (value as T) : '');

export function DatasetList({ onCreate }: { onCreate(): void }) {
  const datasets = useDatasets((s) => s.datasets);
  const total = useDatasets((s) => s.total);
  const status = useDatasets((s) => s.status);
  const error = useDatasets((s) => s.error);
  const refreshing = useDatasets((s) => s.refreshing);
  const loadedAt = useDatasets((s) => s.loadedAt);
  const [params, setParams] = useUrlState(URL_DEFAULTS);
  const { sort, onSortChange } = useUrlSort(params.sort, setParams);
  const filters = useMemo<DatasetFilters>(
    () => ({ type: oneOf(DatasetType.options, params.type), status: oneOf(DatasetStatus.options, params.status) }),
    [params.type, params.status],
  );
  const load = useCallback(() => void useDatasets.getState().load(filters), [filters]);
  useEffect(load, [load]);
  useIntent('page:refresh', load);
  useOnProfileSwitch(load);
  const filterRef = useRef<HTMLInputElement>(null);
  usePageKeys(useMemo(() => ({ '/': () => filterRef.current?.focus(), n: onCreate }), [onCreate]));
  const moving = useMemo(() => datasets.some((d) => d.status === 'uploading' || d.status === 'processing'), [datasets]);
  usePolling(moving, LIST_POLL_MS, () => void useDatasets.getState().load(filters, { quiet: true }));

  const text = params.q;
  const setText = useCallback((q: string) => setParams({ q }, 'typing'), [setParams]);
  const deferred = useDeferredValue(text);
  const rows = useMemo(
    () => (deferred.trim() ? fuzzyFilter(datasets, deferred.trim(), (d) => `${d.name} ${d.id}`) : datasets),
    [datasets, deferred],
  );
  const columns = useMemo(() => datasetColumns(), []);
  const narrowed = deferred.trim() !== '' || filters.type !== '' || filters.status !== '';
  const empty = narrowed ? (
    <EmptyState
      title="No datasets match the filters"
      action={<Button onClick={() => setParams({ q: '', type: '', status: '' })}>Clear filters</Button>}
    />
  ) : (
    <EmptyState
      icon={<DatasetOutlined />}
      title="No datasets yet"
      action={
        <Button variant="contained" startIcon={<Add />} onClick={onCreate}>
          Upload a dataset
        </Button>
      }
    >
      Upload a JSON Lines or CSV file of training examples: the platform checks it, infers its schema and counts its tokens.
    </EmptyState>
  );

  return (
    <ListPage
      title="Datasets"
      description={`Training data, checked and profiled on upload.${total > DATASET_PAGE ? ` The newest ${DATASET_PAGE} of ${total.toLocaleString('en-US')} are listed.` : ''}`}
      filter={{ value: text, onChange: setText, placeholder: 'Filter by name or id', label: 'Filter datasets', inputRef: filterRef }}
      filters={
        <Stack direction="row" spacing={1.5}>
          <SelectFilter
            label="Type"
            value={filters.type}
            options={DatasetType.options}
            onChange={(type) => setParams({ type })}
            width={160}
            testId="dataset-type-filter"
          />
          <SelectFilter
            label="Status"
            value={filters.status}
            options={DatasetStatus.options}
            onChange={(status) => setParams({ status })}
            width={160}
          />
        </Stack>
      }
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={onCreate} data-testid="create-dataset" aria-keyshortcuts="N">
          Upload dataset
        </Button>
      }
      refreshLabel="Refresh datasets"
      onRefresh={load}
      status={status}
      error={error}
      refreshing={refreshing}
      loadedAt={loadedAt}
      errorTitle="Could not load datasets"
      table={{
        label: 'Datasets',
        rows,
        columns,
        rowKey,
        loading: status !== 'ready' && datasets.length === 0,
        rowHeight: 52,
        sort,
        onSortChange,
        onRowActivate: openRow,
        rowTestId,
        empty,
      }}
    />
  );
}
