// A cluster's secret manager: the secrets table (server-side type/category/search filters,
// search debounced), values masked until revealed on demand, create/edit, rotation policy,
// and delete confirmed by typing the name. Revealed values are dropped on leaving. The list's
// wiring is use-secrets-list.ts.
import Add from '@mui/icons-material/Add';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import { useCallback, useMemo, useState } from 'react';
import type { Secret } from '../../../../../../shared/api/clusters/secrets';
import { ListPage } from '../../../../components/ListPage';
import { EmptyState } from '../../../../components/StateViews';
import { notify } from '../../../../platform/notifications-store';
import { DeleteSecretDialog } from './DeleteSecretDialog';
import { RotationPolicyDialog } from './RotationPolicyDialog';
import { SECRET_TABLE, secretColumns } from './secret-columns';
import { SecretDialog } from './SecretDialog';
import { SecretFilters } from './SecretFilters';
import { useSecrets } from './secrets-store';
import { RevealError } from './SecretValueCell';
import { useRevealedValues } from './use-revealed-values';
import { useSecretsList, useServerNow } from './use-secrets-list';

const saved = (secret: Secret, created: boolean) => notify('success', `Secret “${secret.name}” ${created ? 'created' : 'saved'}`);

export function SecretsTab({ clusterId }: { clusterId: string }) {
  const list = useSecretsList(clusterId);
  const { filter, ...page } = list.page;
  const typeCounts = useSecrets((s) => s.secretTypes);
  const { values, pending, error, reveal, hide, dismissError } = useRevealedValues(clusterId);
  const [editing, setEditing] = useState<{ secret: Secret | null } | null>(null);
  const [rotating, setRotating] = useState<Secret | null>(null);
  const [deleting, setDeleting] = useState<Secret | null>(null);
  const now = useServerNow();
  const edit = useCallback((secret: Secret) => setEditing({ secret }), []);
  const columns = useMemo(() => {
    const actions = { edit, rotation: setRotating, remove: setDeleting, reveal: (n: string) => void reveal(n), hide };
    return secretColumns(actions, { values, pending }, now);
  }, [edit, reveal, hide, values, pending, now]);
  const onDelete = async (secret: Secret) => {
    await useSecrets.getState().remove(clusterId, secret.name);
    hide(secret.name);
    notify('success', `Secret “${secret.name}” deleted`);
  };
  const create = (label?: string) => (
    <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ secret: null })} data-testid={label}>
      New secret
    </Button>
  );
  const empty = list.narrowed ? (
    <EmptyState title="No secrets match">Change the search or the filters.</EmptyState>
  ) : (
    <EmptyState icon={<LockOutlined />} title="No secrets yet" action={create()}>
      Keep API keys, database credentials and certificates here; the cluster gets them as environment variables or files.
    </EmptyState>
  );
  return (
    <ListPage
      sx={{ flex: 1, minHeight: 0 }}
      leading={<SecretFilters filter={filter} params={list.params} onChange={list.setParams} typeCounts={typeCounts} count={list.count} />}
      {...page}
      refreshLabel="Refresh secrets"
      actions={create('create-secret-button')}
      notice={<RevealError error={error} onDismiss={dismissError} />}
      errorTitle="Could not load the secrets"
      tableMinHeight={360}
      table={{ ...SECRET_TABLE, columns, ...list.table, onRowActivate: edit, empty }}
    >
      <SecretDialog
        clusterId={clusterId}
        open={editing !== null}
        secret={editing?.secret ?? null}
        onClose={() => setEditing(null)}
        onSaved={saved}
      />
      <RotationPolicyDialog clusterId={clusterId} secret={rotating} onClose={() => setRotating(null)} />
      <DeleteSecretDialog secret={deleting} onClose={() => setDeleting(null)} onDelete={onDelete} />
    </ListPage>
  );
}
