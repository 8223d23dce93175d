// The Check tab (issue 19, "Explained check"): ask whether a member may use a permission on a
// scope (and resource), and see the chain that decided it. The question lives in the address,
// so a check can be linked, reloaded and gone back to.
import ManageSearch from '@mui/icons-material/ManageSearch';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import Skeleton from '@mui/material/Skeleton';
import { useEffect, useMemo } from 'react';
import { memberLabel } from '../../../../../shared/api/accounts/team';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { EmptyState } from '../../../components/StateViews';
import { useUrlState } from '../../../platform/navigation/url-state';
import { useTeamDirectory } from '../../../platform/team-directory';
import { useLoaded } from '../../../platform/use-loaded';
import { checkPermission, useAccess } from './access-store';
import { CheckAnswer } from './CheckAnswer';
import { CheckForm } from './CheckForm';
import { CHECK_URL_DEFAULTS, checkQueryOf, checkRequestOf, type CheckQuery } from './check-query';

export function CheckTab() {
  const [params, setParams] = useUrlState(CHECK_URL_DEFAULTS);
  const query = useMemo(() => checkQueryOf(params), [params]);
  const request = useMemo(() => checkRequestOf(query), [query]);
  const team = useTeamDirectory();
  const schema = useAccess((s) => s.schema);
  const schemaError = useAccess((s) => (s.status === 'error' ? s.error : null));
  useEffect(() => {
    void useTeamDirectory.getState().ensureLoaded();
    void useAccess.getState().ensureSchema();
  }, []);
  const answer = useLoaded(request ? JSON.stringify(request) : null, (signal) => checkPermission(request!, signal));
  const submit = (next: CheckQuery) => {
    // The same question again reads it again (someone's role may have changed since).
    if (checkRequestOf(next) && JSON.stringify(checkRequestOf(next)) === JSON.stringify(request)) answer.reload();
    else setParams({ user: next.user, permission: next.permission, scope: next.scope, resource: next.resource || null });
  };
  const member = team.byId[query.user];
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      {schemaError && <ErrorAlert error={schemaError} />}
      {team.status === 'error' && team.error && <ErrorAlert error={team.error} sx={{ '& .MuiAlert-message': { minWidth: 0 } }} />}
      <CheckForm
        key={JSON.stringify(query)}
        initial={query}
        members={team.members}
        membersLoading={team.status === 'loading' || team.status === 'idle'}
        schema={schema}
        busy={answer.loading}
        onSubmit={submit}
      />
      {!request ? (
        <EmptyState icon={<ManageSearch />} title="Pick a member to check">
          Choose who, which permission and on what scope, then Check: the answer shows every step that decided it, and the near misses.
        </EmptyState>
      ) : answer.error ? (
        <ErrorAlert error={answer.error} />
      ) : answer.data ? (
        <CheckAnswer result={answer.data} who={member ? memberLabel(member) : query.user} />
      ) : (
        <Stack spacing={1} aria-busy aria-label="Checking">
          <Skeleton variant="rounded" height={64} />
          <Skeleton variant="text" width="60%" />
          <Skeleton variant="text" width="50%" />
        </Stack>
      )}
      {answer.data && answer.refreshing && (
        <Typography variant="caption" color="text.secondary">
          Checking again…
        </Typography>
      )}
    </Stack>
  );
}
