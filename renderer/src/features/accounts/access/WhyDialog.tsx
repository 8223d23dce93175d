// "Why?" of a refused call (issue 19): the explained check for THAT request — the permission and
// scope its operation needs, the resource its parameters name, the member the key belongs to.
// A key-level refusal (no member named) is said plainly with the key's own permissions, and the
// check is offered for a member to pick. Mounted by the shell through the registry's overlay
// while platform/why.ts holds a refusal.
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { memberLabel } from '../../../../../shared/api/accounts/team';
import { operations } from '../../../../../shared/api/operations';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { navigate } from '../../../platform/navigation/hash-router';
import { useTeamDirectory } from '../../../platform/team-directory';
import { useLoaded } from '../../../platform/use-loaded';
import { useWhy } from '../../../platform/why';
import { checkPermission, verifyKey } from './access-store';
import type { MemberCheckRequest } from './check-query';
import { CheckAnswer } from './CheckAnswer';
import { MemberPicker } from './MemberPicker';
import { whyRequestOf, type WhyRequest } from './why-request';

function CheckOf({ request, who }: { request: MemberCheckRequest; who: string }) {
  const answer = useLoaded(JSON.stringify(request), (signal) => checkPermission(request, signal));
  if (answer.error) return <ErrorAlert error={answer.error} />;
  if (!answer.data) return <Skeleton variant="rounded" height={160} aria-busy aria-label="Checking" />;
  return <CheckAnswer result={answer.data} who={who} />;
}

/** The key's own permissions and scopes, for "Your API key itself does not allow …". */
function KeyLevel({ why }: { why: WhyRequest }) {
  const key = useLoaded('verify', verifyKey);
  const words = (xs: readonly string[]) => (xs.length ? xs.join(', ') : 'none');
  return (
    <Alert severity="warning" data-testid="why-key-level">
      Your API key itself does not allow <strong>{why.permission}</strong> on <strong>{why.scope ?? 'this call'}</strong> (it needs{' '}
      <code>{why.keyLevel?.required}</code>):{' '}
      {key.data ? (
        <>
          its permissions are <strong>{words(key.data.permissions)}</strong> on the scopes <strong>{words(key.data.scopes)}</strong>.
        </>
      ) : key.error ? (
        <>its own permissions could not be read ({key.error.message}).</>
      ) : (
        <>reading its permissions…</>
      )}{' '}
      The key was refused before any member’s role was read: a broader key, or another profile, is the fix. What a member’s role would allow
      can be checked below.
    </Alert>
  );
}

function checkPath(req: MemberCheckRequest | null, why: WhyRequest): string {
  const q = new URLSearchParams({ tab: 'check', permission: why.permission, scope: why.scope ?? 'accounts' });
  if (req) q.set('user', req.userId);
  if (why.resourceId) q.set('resource', why.resourceId);
  return `/access?${q.toString()}`;
}

export default function WhyDialog() {
  const error = useWhy((s) => s.error);
  const close = () => useWhy.getState().close();
  const why = useMemo(() => (error ? whyRequestOf(error, operations) : null), [error]);
  const team = useTeamDirectory();
  const [picked, setPicked] = useState<string | null>(null);
  useEffect(() => {
    void useTeamDirectory.getState().ensureLoaded();
    setPicked(null);
  }, [error]);
  const userId = why?.userId ?? picked;
  const request: MemberCheckRequest | null =
    why && userId
      ? {
          userId,
          permission: why.permission,
          // An operation without a scope is refused only to an inactive member: any scope shows that.
          scope: why.scope ?? 'accounts',
          ...(why.resourceId ? { resourceId: why.resourceId } : {}),
        }
      : null;
  const member = userId ? team.byId[userId] : undefined;
  return (
    <Dialog open={error !== null} onClose={close} maxWidth="md" fullWidth aria-labelledby="why-title" data-testid="why-dialog">
      <DialogTitle id="why-title">Why was this refused?</DialogTitle>
      <DialogContent dividers>
        {error && !why ? (
          <Alert severity="info">The refused call is not one the console knows, so it cannot be explained here. {error.message}</Alert>
        ) : error && why ? (
          <Stack spacing={2}>
            <Typography variant="body2">
              <strong>{why.summary ?? why.op}</strong> <code>{why.op}</code>
              {why.resourceId ? (
                <>
                  {' '}
                  on <code>{why.resourceId}</code>
                </>
              ) : null}{' '}
              was refused ({error.code}): {error.message}. It needs <strong>{why.permission}</strong> on{' '}
              <strong>{why.scope ?? 'any scope'}</strong>.
            </Typography>
            {why.keyLevel && <KeyLevel why={why} />}
            {why.keyLevel && (
              <MemberPicker
                label="Check for a member"
                members={team.members}
                loading={team.status === 'loading'}
                value={picked}
                onChange={setPicked}
                width={420}
              />
            )}
            {request && <CheckOf request={request} who={member ? memberLabel(member) : request.userId} />}
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        {why && (
          <Button
            startIcon={<OpenInNew />}
            onClick={() => {
              navigate(checkPath(request, why));
              close();
            }}
          >
            Open in Roles & permissions
          </Button>
        )}
        <Button onClick={close} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
