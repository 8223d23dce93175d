// /training/datasets: every dataset with its status, examples and size; the type and status
// filters are the list operation's (server-side), the text filter and the column sort are
// the table's, all kept in the address (`#/training/datasets?type=text&status=ready&q=chat`).
// Read again while a dataset is uploading or processing.
import Add from '@mui/icons-material/Add';
import DatasetOutlined from '@mui/icons-material/DatasetOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { DatasetStatus, DatasetType } from '../../../../../shared/api/training/datasets';
import { ListPage } from '../../../components/ListPage';
import { SelectFilter } from '../../../components/SelectFilter';
import { EmptyState } from '../../../components/StateViews';
import { oneOfParam } from '../../../platform/navigation/url-state';
import { useServerList } from '../../../platform/use-server-list';
import { DATASET_TABLE } from './dataset-columns';
import { DATASET_PAGE, useDatasets, type DatasetListItem, type DatasetsState } from './datasets-store';

const URL = { type: '', status: '' };
const config = {
  store: useDatasets,
  rows: (s: DatasetsState) => s.datasets,
  url: URL,
  filters: (p: typeof URL) => ({ type: oneOfParam(DatasetType.options, p.type), status: oneOfParam(DatasetStatus.options, p.status) }),
  search: (d: DatasetListItem) => `${d.name} ${d.id}`,
  pollWhile: (rows: readonly DatasetListItem[]) => rows.some((d) => d.status === 'uploading' || d.status === 'processing'),
};

export function DatasetList({ onCreate }: { onCreate(): void }) {
  const list = useServerList({ ...config, keys: useMemo(() => ({ n: onCreate }), [onCreate]) });
  const total = useDatasets((s) => s.total);
  const { params, setParams } = list;
  const create = (
    <Button variant="contained" startIcon={<Add />} onClick={onCreate} data-testid="create-dataset" aria-keyshortcuts="N">
      Upload dataset
    </Button>
  );
  const empty = list.narrowed ? (
    <EmptyState title="No datasets match the filters" action={<Button onClick={list.clearFilters}>Clear filters</Button>} />
  ) : (
    <EmptyState icon={<DatasetOutlined />} title="No datasets yet" action={create}>
      Upload a JSON Lines, CSV, Parquet, HDF5, zip or tar file of training examples: the platform checks it, infers its schema and counts
      its tokens.
    </EmptyState>
  );
  return (
    <ListPage
      title="Datasets"
      description={`Training data, checked and profiled on upload.${total > DATASET_PAGE ? ` The newest ${DATASET_PAGE} of ${total.toLocaleString('en-US')} are listed.` : ''}`}
      {...list.page}
      filter={{ ...list.page.filter, placeholder: 'Filter by name or id', label: 'Filter datasets' }}
      filters={
        <Stack direction="row" spacing={1.5}>
          <SelectFilter
            label="Type"
            value={params.type}
            options={DatasetType.options}
            onChange={(type) => setParams({ type })}
            width={160}
            testId="dataset-type-filter"
          />
          <SelectFilter
            label="Status"
            value={params.status}
            options={DatasetStatus.options}
            onChange={(status) => setParams({ status })}
            width={160}
          />
        </Stack>
      }
      actions={create}
      refreshLabel="Refresh datasets"
      errorTitle="Could not load datasets"
      table={{ ...DATASET_TABLE, ...list.table, empty }}
    />
  );
}
