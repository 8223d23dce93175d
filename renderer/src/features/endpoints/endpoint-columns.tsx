// Column declarations of the endpoints table; the table is the shared DataTable.
import type { Endpoint } from '../../../../shared/api/endpoints/endpoint';
import { CONTENT_WIDTH, type Column } from '../../components/DataTable';
import { gpuName } from '../../lib/format';
import { navigate } from '../../platform/navigation/hash-router';
import { relativeTime } from '../../platform/relative-time';
import { formatMs, formatPercent } from './endpoint-logic';
import { StatusChip } from './StatusChip';
import { TwoLineCell } from '../../components/TwoLineCell';

const READINESS_TEXT: Record<Endpoint['readiness'], string> = { ready: 'Ready', not_ready: 'Not ready', warming_up: 'Warming up' };

function endpointColumns(): Column<Endpoint>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      width: 'minmax(160px, 1fr)',
      sortValue: (e) => e.name.toLowerCase(),
      render: (e) => <TwoLineCell strong primary={e.name} secondary={e.id} />,
    },
    {
      id: 'status',
      header: 'Status',
      width: '120px',
      sortValue: (e) => e.status,
      render: (e) => <StatusChip status={e.status} testId="endpoint-status" />,
    },
    { id: 'readiness', header: 'Readiness', width: '112px', sortValue: (e) => e.readiness, render: (e) => READINESS_TEXT[e.readiness] },
    {
      id: 'model',
      header: 'Model',
      width: 'minmax(200px, 2.5fr)',
      sortValue: (e) => e.model.toLowerCase(),
      render: (e) => <TwoLineCell primary={e.model} secondary={gpuName(e.gpuType)} />,
    },
    {
      id: 'workers',
      header: 'Workers',
      width: '88px',
      align: 'right',
      sortValue: (e) => e.configuration.workerCount,
      render: (e) => e.configuration.workerCount,
    },
    {
      id: 'requests',
      header: 'Requests / h',
      width: '124px',
      align: 'right',
      sortValue: (e) => e.metrics.requestsLastHour,
      render: (e) => e.metrics.requestsLastHour.toLocaleString('en-US'),
    },
    {
      id: 'latency',
      header: 'Latency',
      width: '112px',
      align: 'right',
      sortValue: (e) => e.metrics.averageLatency,
      render: (e) => (e.metrics.requestsLastHour ? formatMs(e.metrics.averageLatency) : '—'),
    },
    {
      id: 'errors',
      header: 'Errors',
      width: '80px',
      align: 'right',
      sortValue: (e) => e.metrics.errorRate,
      render: (e) => (e.metrics.requestsLastHour ? formatPercent(e.metrics.errorRate) : '—'),
    },
    {
      id: 'updated',
      header: 'Updated',
      width: CONTENT_WIDTH.relativeTime,
      sortValue: (e) => Date.parse(e.updatedAt),
      render: (e) => <span title={e.updatedAt}>{relativeTime(e.updatedAt)}</span>,
    },
  ];
}

/** The endpoints table's fixed part: ListPage's `table` adds the rows, sort and empty state. */
export const ENDPOINT_TABLE = {
  label: 'Endpoints',
  columns: endpointColumns(),
  rowKey: (e: Endpoint) => e.id,
  rowHeight: 52,
  onRowActivate: (e: Endpoint) => navigate(`/endpoints/${encodeURIComponent(e.id)}`),
  rowTestId: (e: Endpoint) => `endpoint-row-${e.id}`,
};
