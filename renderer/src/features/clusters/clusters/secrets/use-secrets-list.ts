// The Secrets tab's list as useServerList declares it, for one cluster: type, category and the
// search are the list operation's (the search sent once typing pauses), kept in the address
// with the table's sort (`#/clusters/<id>/secrets?q=db&type=database&sort=-updated`). While a
// typed search is on its way, the last list read without one is filtered here, so the table
// follows the typing at once (provisionalRows). The list is forgotten on leaving the tab, and
// "refresh" is left for the cluster view, which reloads the cluster with it. And the server's
// now, for the expiry badges and relative times.
import { useEffect, useMemo, useState } from 'react';
import type { Secret } from '../../../../../../shared/api/clusters/secrets';
import type { UrlParams } from '../../../../platform/navigation/url-state';
import { onServerClockChange, serverNow } from '../../../../platform/server-clock';
import { useServerList } from '../../../../platform/use-server-list';
import { provisionalRows } from './secret-status';
import { secretQuery, useSecrets, type SecretQuery, type SecretsState } from './secrets-store';

const SEARCH_DEBOUNCE_MS = 250;

const URL = { type: '', category: '' };
const NONE: readonly Secret[] = [];

function secretsList(clusterId: string) {
  return {
    store: useSecrets,
    rows: (s: SecretsState) => (s.clusterId === clusterId ? s.secrets : NONE),
    url: URL,
    filters: (p: UrlParams<keyof typeof URL | 'q' | 'sort'>): SecretQuery => secretQuery(clusterId, p),
    serverTextMs: SEARCH_DEBOUNCE_MS,
    // Refresh (F5, the palette) reloads the secrets too; the cluster view takes it and reloads the cluster.
    leaveRefresh: true,
  };
}

/** The list of a cluster's secrets: useServerList's answer, with the rows shown (provisional ones while a search is on its way) and the count. */
export function useSecretsList(clusterId: string) {
  const config = useMemo(() => secretsList(clusterId), [clusterId]);
  const list = useServerList(config);
  useEffect(() => () => useSecrets.getState().reset(), [clusterId]);
  const applied = useSecrets((s) => (s.status === 'ready' ? s.filters.search : null));
  const unfiltered = useSecrets((s) => s.unfiltered);
  const total = useSecrets((s) => s.totalCount);
  const { q, type, category } = list.params;
  const provisional = useMemo(
    () => provisionalRows(q, applied, unfiltered, config.filters({ q, type, category, sort: '' })),
    [q, type, category, applied, unfiltered, config],
  );
  const rows = provisional ?? list.rows;
  const loading = !provisional && list.loading;
  const table = useMemo(() => ({ ...list.table, rows: [...rows], loading }), [list.table, rows, loading]);
  const n = provisional ? provisional.length : total;
  const count =
    list.page.status === 'ready' || provisional ? `${n.toLocaleString()} secret${n === 1 ? '' : 's'}${list.narrowed ? ' match' : ''}` : '';
  return { ...list, table, count };
}

/** The server's now (expiry badges, relative times), read again every minute and when the offset moves. */
export function useServerNow(): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const t = setInterval(() => setNow(serverNow()), 60_000);
    const off = onServerClockChange(() => setNow(serverNow()));
    return () => {
      clearInterval(t);
      off();
    };
  }, []);
  return now;
}
