// Extra members for the console's large-team target (issue 19: `--members N`, 5,000 members):
// deterministic from the seed, on a stream of their own so the seeded team keeps its values;
// varied roles, statuses (some suspended, some pending with an open invitation) and departments.
import type { StoredInvitation, StoredMember } from '../stored-schema';
import { Rng } from '../../../core/rng';

const DAY = 86_400_000;
const FIRST = ['Ada', 'Grace', 'Linus', 'Margaret', 'Alan', 'Katherine', 'Dennis', 'Barbara', 'Ken', 'Frances', 'Edsger', 'Radia'];
const LAST = ['Lovelace', 'Hopper', 'Torvalds', 'Hamilton', 'Turing', 'Johnson', 'Ritchie', 'Liskov', 'Thompson', 'Allen', 'Dijkstra'];
const DEPARTMENTS = ['Research', 'Platform', 'ML Ops', 'Product', 'Data', 'Security', 'Finance', 'Support'];
const TITLES = ['Engineer', 'Researcher', 'Lead', 'Analyst', 'Manager', 'Intern'];
const ROLES = ['developer', 'developer', 'developer', 'viewer', 'viewer', 'admin'] as const;

export function generatedMembers(
  seed: number,
  now: number,
  count: number,
  ownerId: string,
): { members: StoredMember[]; invitations: StoredInvitation[] } {
  const rng = Rng.derive(seed, 'accounts.generatedMembers');
  const members: StoredMember[] = [];
  const invitations: StoredInvitation[] = [];
  for (let i = 1; i <= count; i++) {
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    // The index keeps addresses unique however the names fall.
    const username = `${first}.${last}.${i}`.toLowerCase();
    const draw = rng.next();
    const status = draw < 0.05 ? 'pending' : draw < 0.1 ? 'suspended' : 'active';
    const joinedAt = status === 'pending' ? null : now - rng.int(1, 700) * DAY;
    const invitedAt = joinedAt === null ? now - rng.int(0, 10) * DAY : joinedAt - DAY;
    const m: StoredMember = {
      id: `usr_${rng.base62(10)}`,
      email: `${username}@example.com`,
      name: status === 'pending' ? null : `${first} ${last}`,
      username: status === 'pending' ? null : username,
      role: rng.pick(ROLES),
      status,
      joinedAt,
      lastActive: joinedAt === null ? null : now - rng.int(1, 24 * 60) * 3_600_000,
      invitedAt,
      invitedBy: ownerId,
      department: rng.pick(DEPARTMENTS),
      title: rng.pick(TITLES),
      removedAt: null,
    };
    members.push(m);
    if (status !== 'pending') continue;
    const id = `inv_${rng.base62(10)}`;
    invitations.push({
      id,
      userId: m.id,
      email: m.email,
      role: m.role,
      status: 'sent',
      createdAt: invitedAt,
      // Some of them already expired (7 days from being sent).
      expiresAt: invitedAt + 7 * DAY,
      inviteUrl: `https://console.example.com/invitations/${id}`,
      lifetime: '7d',
      department: m.department,
      title: m.title,
      message: null,
      permissions: [],
      invitedBy: ownerId,
      resentAt: null,
      cancelledAt: null,
      acceptedAt: null,
    });
  }
  return { members, invitations };
}
