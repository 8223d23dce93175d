// /endpoints: every serverless endpoint with its health, readiness, traffic of the last hour
// and last change; a text filter kept in the address (`#/endpoints?q=llama&sort=-requests`);
// refreshed while any endpoint is starting or rolling out a change.
import CloudQueue from '@mui/icons-material/CloudQueue';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import Button from '@mui/material/Button';
import type { Endpoint } from '../../../../shared/api/endpoints/endpoint';
import { ListPage } from '../../components/ListPage';
import { EmptyState } from '../../components/StateViews';
import { useIntent } from '../../platform/page-hooks';
import { useServerList } from '../../platform/use-server-list';
import { BatchHealthDrawer, BatchHealthStrip } from './BatchHealth';
import { useBatchHealth } from './batch-health-store';
import { ENDPOINT_TABLE } from './endpoint-columns';
import { filterEndpoints, isMoving } from './endpoint-logic';
import { useEndpoints, type EndpointsState } from './endpoints-store';

const checkAll = () => void useBatchHealth.getState().run();
const config = {
  store: useEndpoints,
  rows: (s: EndpointsState) => s.endpoints,
  url: {},
  filters: () => null,
  select: (rows: readonly Endpoint[], text: string) => filterEndpoints(rows, text),
  ensureOnMount: true,
  onProfileSwitch: () => {
    useBatchHealth.getState().reset();
    void useEndpoints.getState().load();
  },
  pollWhile: (rows: readonly Endpoint[]) => rows.some((e) => isMoving(e.status)),
  keys: { h: checkAll },
};

export function EndpointList() {
  const list = useServerList(config);
  useIntent('endpoints:check-health', checkAll);
  const checking = useBatchHealth((s) => s.running);
  const moving = config.pollWhile(list.all);
  const empty =
    list.narrowed && list.all.length > 0 ? (
      <EmptyState title="No endpoints match the filter" action={<Button onClick={list.clearFilters}>Clear filter</Button>}>
        {list.all.length} endpoints in all.
      </EmptyState>
    ) : (
      <EmptyState icon={<CloudQueue />} title="No endpoints yet">
        Serverless endpoints of this account appear here, with their health and traffic.
      </EmptyState>
    );
  return (
    <ListPage
      title="Endpoints"
      description={`Serverless inference endpoints: health, readiness and the last hour’s traffic.${moving ? ' Refreshing while endpoints start or roll out a change.' : ''}`}
      {...list.page}
      filter={{ ...list.page.filter, placeholder: 'Filter by name, id, model, GPU', label: 'Filter endpoints', width: 280 }}
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
      errorTitle="Could not load endpoints"
      table={{ ...ENDPOINT_TABLE, ...list.table, empty }}
    >
      <BatchHealthDrawer />
    </ListPage>
  );
}
