// Column declarations of the datasets table, and what the table is (its name, row keys, where a
// row leads); the table is the shared DataTable.
import { CONTENT_WIDTH, type Column } from '../../../components/DataTable';
import { navigate } from '../../../platform/navigation/hash-router';
import { formatDate } from '../../../platform/relative-time';
import { TrainingStatusChip } from '../TrainingStatusChip';
import { formatBytes, formatCount } from '../training-format';
import type { DatasetListItem } from './datasets-store';
import { TwoLineCell } from '../../../components/TwoLineCell';

function datasetColumns(): Column<DatasetListItem>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      width: 'minmax(220px, 2fr)',
      sortValue: (d) => d.name.toLowerCase(),
      render: (d) => <TwoLineCell strong primary={d.name} secondary={d.id} />,
    },
    { id: 'type', header: 'Type', width: '110px', sortValue: (d) => d.type, render: (d) => d.type },
    { id: 'format', header: 'Format', width: '84px', sortValue: (d) => d.format, render: (d) => d.format },
    {
      id: 'status',
      header: 'Status',
      width: '132px',
      sortValue: (d) => d.status,
      render: (d) => <TrainingStatusChip status={d.status} testId={`dataset-status-${d.id}`} />,
    },
    {
      id: 'examples',
      header: 'Examples',
      width: '100px',
      align: 'right',
      sortValue: (d) => d.size.examples,
      render: (d) => ((d.status === 'ready' || d.status === 'error') && d.size.bytes > 0 ? formatCount(d.size.examples) : '—'),
    },
    {
      id: 'size',
      header: 'Size',
      width: '92px',
      align: 'right',
      sortValue: (d) => d.size.bytes,
      render: (d) => (d.size.bytes > 0 ? formatBytes(d.size.bytes) : '—'),
    },
    {
      id: 'created',
      header: 'Created',
      width: CONTENT_WIDTH.date,
      sortValue: (d) => Date.parse(d.createdAt),
      render: (d) => formatDate(d.createdAt),
    },
  ];
}

/** The datasets table's fixed part: ListPage's `table` adds the rows, sort and empty state. */
export const DATASET_TABLE = {
  label: 'Datasets',
  columns: datasetColumns(),
  rowKey: (d: DatasetListItem) => d.id,
  rowHeight: 52,
  onRowActivate: (d: DatasetListItem) => navigate(`/training/datasets/${encodeURIComponent(d.id)}`),
  rowTestId: (d: DatasetListItem) => `dataset-row-${d.id}`,
};
