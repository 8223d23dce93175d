// The Team area: /team (members and invitations) and /team/<user id> (one member), with the
// invite dialog opened from either (N, the palette, the empty list).
import { lazy, Suspense, useCallback, useState } from 'react';
import { useMountedOnce } from '../../../lib/use-mounted-once';
import { useHashPath } from '../../../platform/navigation/hash-router';
import { useIntent } from '../../../platform/page-hooks';
import { MemberDetail } from './MemberDetail';
import { memberIdOf } from './team-route';
import { TeamList } from './TeamList';

// The dialog brings the shared zod schemas; it loads on first use, off the page's first paint.
const InviteDialog = lazy(() => import('./InviteDialog').then((m) => ({ default: m.InviteDialog })));

export default function TeamPage() {
  const id = memberIdOf(useHashPath());
  const [inviting, setInviting] = useState(false);
  const openInvite = useCallback(() => setInviting(true), []);
  useIntent('team:invite', openInvite);
  const mounted = useMountedOnce(inviting);
  return (
    <>
      {id ? <MemberDetail key={id} id={id} /> : <TeamList onInvite={openInvite} />}
      <Suspense fallback={null}>{mounted && <InviteDialog open={inviting} onClose={() => setInviting(false)} />}</Suspense>
    </>
  );
}
