// /endpoints: every serverless endpoint with its health, readiness, traffic of the last hour
// and last change; a text filter kept in the address (`#/endpoints?q=llama&sort=-requests`);
// refreshed while any endpoint is starting or rolling out a change.
import CloudQueue from '@mui/icons-material/CloudQueue';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import Button from '@mui/material/Button';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import type { Endpoint } from '../../../../shared/api/endpoints/endpoint';
import { navigate } from '../../platform/navigation/hash-router';
import { useUrlSort, useUrlState } from '../../platform/navigation/url-state';
import { useIntent, useOnProfileSwitch, usePageKeys } from '../../platform/page-hooks';
import { ListPage } from '../../components/ListPage';
import { EmptyState } from '../../components/StateViews';
import { usePolling } from '../../lib/use-polling';
import { BatchHealthDrawer, BatchHealthStrip } from './BatchHealth';
import { useBatchHealth } from './batch-health-store';
import { endpointColumns } from './endpoint-columns';
import { filterEndpoints, isMoving } from './endpoint-logic';
import { useEndpoints } from './endpoints-store';

export const LIST_POLL_MS = 5_000;
const URL_DEFAULTS = { q: '', sort: '' };
const rowKey = (e: Endpoint) => e.id;
const openRow = (e: Endpoint) => navigate(`/endpoints/${encodeURIComponent(e.id)}`);
const rowTestId = (e: Endpoint) => `endpoint-row-${e.id}`;

export function EndpointList() {
  const endpoints = useEndpoints((s) => s.endpoints);
  const status = useEndpoints((s) => s.status);
  const error = useEndpoints((s) => s.error);
  const refreshing = useEndpoints((s) => s.refreshing);
  const loadedAt = useEndpoints((s) => s.loadedAt);
  const { load, ensureLoaded } = useEndpoints.getState();
  const [params, setParams] = useUrlState(URL_DEFAULTS);
  const { sort, onSortChange } = useUrlSort(params.sort, setParams);
  const text = params.q;
  const setText = useCallback((q: string) => setParams({ q }, 'typing'), [setParams]);
  const deferredText = useDeferredValue(text);
  const filterRef = useRef<HTMLInputElement>(null);

  useEffect(() => void ensureLoaded(), [ensureLoaded]);
  useIntent(
    'page:refresh',
    useCallback(() => void load(), [load]),
  );
  const checkAll = useCallback(() => void useBatchHealth.getState().run(), []);
  useIntent('endpoints:check-health', checkAll);
  useOnProfileSwitch(() => {
    useBatchHealth.getState().reset();
    void load();
  });
  usePageKeys(useMemo(() => ({ '/': () => filterRef.current?.focus(), h: checkAll }), [checkAll]));
  const checking = useBatchHealth((s) => s.running);
  const anyMoving = useMemo(() => endpoints.some((e) => isMoving(e.status)), [endpoints]);
  usePolling(anyMoving, LIST_POLL_MS, () => void load({ quiet: true }));

  const columns = useMemo(() => endpointColumns(), []);
  const rows = useMemo(() => filterEndpoints(endpoints, deferredText), [endpoints, deferredText]);
  const filtered = deferredText.trim() !== '';
  const empty = useMemo(
    () =>
      filtered && endpoints.length > 0 ? (
        <EmptyState title="No endpoints match the filter" action={<Button onClick={() => setText('')}>Clear filter</Button>}>
          {endpoints.length} endpoints in all.
        </EmptyState>
      ) : (
        <EmptyState icon={<CloudQueue />} title="No endpoints yet">
          Serverless endpoints of this account appear here, with their health and traffic.
        </EmptyState>
      ),
    [filtered, endpoints.length, setText],
  );

  return (
    <ListPage
      title="Endpoints"
      description={`Serverless inference endpoints: health, readiness and the last hour’s traffic.${anyMoving ? ' Refreshing while endpoints start or roll out a change.' : ''}`}
      filter={{
        value: text,
        onChange: setText,
        placeholder: 'Filter by name, id, model, GPU',
        label: 'Filter endpoints',
        inputRef: filterRef,
        width: 280,
      }}
      actions={
        <Button
          variant="outlined"
          startIcon={<MonitorHeartOutlined />}
          onClick={checkAll}
          disabled={checking}
          data-testid="check-all-health"
          aria-keyshortcuts="H"
        >
          Check all
        </Button>
      }
      notice={<BatchHealthStrip />}
      refreshLabel="Refresh endpoints"
      onRefresh={() => void load()}
      status={status}
      error={error}
      refreshing={refreshing}
      loadedAt={loadedAt}
      errorTitle="Could not load endpoints"
      table={{
        label: 'Endpoints',
        rows,
        columns,
        rowKey,
        loading: status !== 'ready' && endpoints.length === 0,
        rowHeight: 52,
        sort,
        onSortChange,
        onRowActivate: openRow,
        rowTestId,
        empty,
      }}
    >
      <BatchHealthDrawer />
    </ListPage>
  );
}
