// The API keys area (`#/api-keys?q=ci&sort=-created`): the list, newest first, with per-key
// usage on a row's activation; create, edit, reveal, rotate and revoke are KeyDialogs'.
import Add from '@mui/icons-material/Add';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import type { ApiKey } from '../../../../../shared/api/accounts/api-keys';
import { ListPage } from '../../../components/ListPage';
import { EmptyState } from '../../../components/StateViews';
import { useIntent } from '../../../platform/page-hooks';
import { serverNow } from '../../../platform/server-clock';
import { useServerList } from '../../../platform/use-server-list';
import { useApiKeys, type ApiKeysState } from './api-keys-store';
import { KEY_TABLE, keyColumns } from './key-columns';
import { blockedReason } from './key-holders';
import { KeyDialogs, useKeyDialogs } from './KeyDialogs';

const config = {
  store: useApiKeys,
  rows: (s: ApiKeysState) => s.keys,
  url: {},
  filters: () => null,
  select: (keys: readonly ApiKey[], text: string) => {
    const q = text.toLowerCase();
    const list = q ? keys.filter((k) => [k.name, k.prefix, k.id].some((v) => v.toLowerCase().includes(q))) : keys;
    return [...list].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)); // newest first: a key just created is on top
  },
  ensureOnMount: true,
  onProfileSwitch: () => {
    useApiKeys.getState().closeUsage();
    void useApiKeys.getState().load();
  },
};

export default function ApiKeysPage() {
  const dialogs = useKeyDialogs();
  const { openCreate, askConfirm, setEditing } = dialogs;
  const list = useServerList({ ...config, keys: useMemo(() => ({ n: openCreate }), [openCreate]) });
  useIntent('api-keys:create', openCreate);
  const holders = useApiKeys((s) => s.holders);
  const selectedKey = useApiKeys((s) => s.usage.keyId);
  const columns = useMemo(() => {
    const actions = { edit: setEditing, rotate: (k: ApiKey) => askConfirm('rotate', k), revoke: (k: ApiKey) => askConfirm('revoke', k) };
    return keyColumns({ ...actions, blockedReason: (k) => blockedReason(k, holders[k.prefix]) }, serverNow);
  }, [askConfirm, setEditing, holders]);
  const create = (props: object) => (
    <Button variant="contained" startIcon={<Add />} onClick={openCreate} {...props}>
      Create API key
    </Button>
  );
  return (
    <ListPage
      title="API keys"
      description="Keys that call the platform API on behalf of this account. A key’s value is shown once, when it is created or rotated."
      {...list.page}
      filter={{ ...list.page.filter, placeholder: 'Filter keys  /', label: 'Filter keys' }}
      refreshLabel="Refresh keys"
      actions={create({ disabled: list.page.status !== 'ready', 'data-testid': 'create-key-button' })}
      errorTitle="Could not load API keys"
      table={{
        ...KEY_TABLE,
        ...list.table,
        columns,
        selectedKey,
        empty:
          list.all.length > 0 ? (
            <EmptyState title="No keys match the filter">Clear the filter to see all {list.all.length} keys.</EmptyState>
          ) : (
            <EmptyState icon={<KeyOutlined />} title="No API keys yet" action={create({})}>
              Create a key for each tool or person that calls the API, with only the permissions and scopes it needs.
            </EmptyState>
          ),
      }}
    >
      <KeyDialogs dialogs={dialogs} />
    </ListPage>
  );
}
