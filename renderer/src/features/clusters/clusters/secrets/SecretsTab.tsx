// A cluster's secret manager: the secrets table (server-side type/category/search filters,
// search debounced), values masked until revealed on demand, create/edit, rotation policy,
// and delete confirmed by typing the name. Revealed values are dropped on leaving.
import Add from '@mui/icons-material/Add';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { SecretCategory, SecretType, type Secret } from '../../../../../../shared/api/clusters/secrets';
import { useIntents } from '../../../../platform/navigation/intents';
import { useUrlSort, useUrlState } from '../../../../platform/navigation/url-state';
import { notify } from '../../../../platform/notifications-store';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { ListPage } from '../../../../components/ListPage';
import { EmptyState } from '../../../../components/StateViews';
import { onServerClockChange, serverNow } from '../../../../platform/server-clock';
import { DeleteSecretDialog } from './DeleteSecretDialog';
import { RotationPolicyDialog } from './RotationPolicyDialog';
import { secretColumns } from './secret-columns';
import { SecretDialog } from './SecretDialog';
import { SecretFilters } from './SecretFilters';
import { useSecrets, type SecretFilters as Filters } from './secrets-store';
import { provisionalRows } from './secret-status';
import { useRevealedValues } from './use-revealed-values';

const SEARCH_DEBOUNCE_MS = 250;

/** `#/clusters/<id>/secrets?q=db&type=database&sort=-updated`: the filters and sort kept in the address. */
const URL_DEFAULTS = { q: '', type: '', category: '', sort: '' };
const oneOf = <T extends string>(options: readonly T[], value: string): T | '' => (options.includes(value as T) ? (value as T) : '');

/** Loads on mount and on filter changes (search debounced); forgets the list on leaving. */
function useSecretsList(clusterId: string) {
  const [params, setParams] = useUrlState(URL_DEFAULTS);
  const search = params.q;
  const type = oneOf(SecretType.options, params.type);
  const category = oneOf(SecretCategory.options, params.category);
  const [appliedSearch, setAppliedSearch] = useState(search);
  useEffect(() => {
    const t = setTimeout(() => setAppliedSearch(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search]);
  const filters = useMemo<Filters>(() => ({ type, category, search: appliedSearch }), [type, category, appliedSearch]);
  useEffect(() => {
    void useSecrets.getState().load(clusterId, filters);
  }, [clusterId, filters]);
  useEffect(() => () => useSecrets.getState().reset(), [clusterId]);
  // Refresh reloads the secrets too, without taking the intent: the cluster view reloads the cluster with it.
  const seq = useIntents((s) => s.seq);
  useEffect(() => {
    if (useIntents.getState().pending === 'page:refresh') void useSecrets.getState().load(clusterId);
  }, [seq, clusterId]);
  return {
    filters,
    search,
    setSearch: useCallback((q: string) => setParams({ q }, 'typing'), [setParams]),
    patchFilters: useCallback((patch: Partial<Filters>) => setParams({ type: patch.type, category: patch.category }), [setParams]),
    ...useUrlSort(params.sort, setParams),
  };
}

export function SecretsTab({ clusterId }: { clusterId: string }) {
  const { secrets, totalCount, secretTypes, status, error, refreshing, loadedAt, unfiltered } = useSecrets();
  const appliedSearch = useSecrets((s) => (s.status === 'ready' ? s.filters.search : null));
  const { filters, search, setSearch, patchFilters, sort, onSortChange } = useSecretsList(clusterId);
  const revealed = useRevealedValues(clusterId);
  const [editing, setEditing] = useState<{ secret: Secret | null } | null>(null);
  const [rotating, setRotating] = useState<Secret | null>(null);
  const [deleting, setDeleting] = useState<Secret | null>(null);
  // The server's now (expiry badges, relative times), re-read every minute and when the offset moves.
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const t = setInterval(() => setNow(serverNow()), 60_000);
    const off = onServerClockChange(() => setNow(serverNow()));
    return () => {
      clearInterval(t);
      off();
    };
  }, []);

  const { reveal, hide } = revealed;
  const columns = useMemo(
    () =>
      secretColumns(
        { edit: (secret) => setEditing({ secret }), rotation: setRotating, remove: setDeleting, reveal: (n) => void reveal(n), hide },
        { values: revealed.values, pending: revealed.pending },
        now,
      ),
    [reveal, hide, revealed.values, revealed.pending, now],
  );

  const onSaved = useCallback(
    (secret: Secret, created: boolean) => notify('success', created ? `Secret “${secret.name}” created` : `Secret “${secret.name}” saved`),
    [],
  );
  const onDelete = async (secret: Secret) => {
    await useSecrets.getState().remove(clusterId, secret.name);
    hide(secret.name);
    notify('success', `Secret “${secret.name}” deleted`);
  };

  const filtered = Boolean(filters.type || filters.category || search.trim());
  const loaded = useSecrets((s) => s.clusterId === clusterId);
  const provisional = useMemo(
    () => provisionalRows(search, appliedSearch, unfiltered, filters),
    [search, appliedSearch, unfiltered, filters],
  );
  const rows = provisional ?? (loaded ? secrets : []);
  const count = provisional ? provisional.length : totalCount;

  return (
    <ListPage
      sx={{ flex: 1, minHeight: 0 }}
      leading={
        <>
          <SecretFilters search={search} onSearch={setSearch} filters={filters} onFilters={patchFilters} typeCounts={secretTypes} />
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} data-testid="secrets-count">
            {status === 'ready' || provisional
              ? `${count.toLocaleString()} secret${count === 1 ? '' : 's'}${filtered ? ' match' : ''}`
              : ''}
          </Typography>
        </>
      }
      refreshLabel="Refresh secrets"
      onRefresh={() => void useSecrets.getState().load(clusterId)}
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ secret: null })} data-testid="create-secret-button">
          New secret
        </Button>
      }
      notice={
        revealed.error && (
          <Box data-testid="reveal-error">
            {revealed.error.status === 403 ? (
              <Alert severity="warning" onClose={revealed.dismissError}>
                {revealed.error.message}
              </Alert>
            ) : (
              <ErrorAlert
                error={revealed.error}
                action={
                  <Button color="inherit" size="small" onClick={revealed.dismissError}>
                    Dismiss
                  </Button>
                }
              />
            )}
          </Box>
        )
      }
      status={status}
      error={error}
      refreshing={refreshing}
      loadedAt={loadedAt}
      errorTitle="Could not load the secrets"
      tableMinHeight={360}
      table={{
        label: 'Secrets',
        rows,
        columns,
        rowKey: (s) => s.name,
        loading: !provisional && status === 'loading' && (!loaded || secrets.length === 0),
        initialSort: { columnId: 'name', direction: 'asc' },
        sort,
        onSortChange,
        onRowActivate: (secret) => setEditing({ secret }),
        rowTestId: (s) => `secret-row-${s.name}`,
        empty: filtered ? (
          <EmptyState title="No secrets match">Change the search or the filters.</EmptyState>
        ) : (
          <EmptyState
            icon={<LockOutlined />}
            title="No secrets yet"
            action={
              <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ secret: null })}>
                New secret
              </Button>
            }
          >
            Keep API keys, database credentials and certificates here; the cluster gets them as environment variables or files.
          </EmptyState>
        ),
      }}
    >
      <SecretDialog
        clusterId={clusterId}
        open={editing !== null}
        secret={editing?.secret ?? null}
        onClose={() => setEditing(null)}
        onSaved={onSaved}
      />
      <RotationPolicyDialog clusterId={clusterId} secret={rotating} onClose={() => setRotating(null)} />
      <DeleteSecretDialog secret={deleting} onClose={() => setDeleting(null)} onDelete={onDelete} />
    </ListPage>
  );
}
