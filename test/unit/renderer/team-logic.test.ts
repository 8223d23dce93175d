// The Team page's pure rules: a member's state on the server's clock, the filters, who a bulk
// action may include, the invite form, bulk results and the removal's words.
import { describe, expect, it } from 'vitest';
import type { TeamMember } from '../../../shared/api/accounts/team';
import { bulkOutcome, validateBulk } from '../../../renderer/src/features/accounts/team/bulk-form';
import { inviteErrorText, spreadPasted, validateInvite, type InviteForm } from '../../../renderer/src/features/accounts/team/invite-form';
import {
  bulkExclusion,
  chunks,
  effectiveSelection,
  filterMembers,
  headerCheck,
  invitationExpiryText,
  memberState,
  roleLock,
  teamOrder,
  toggleAllVisible,
} from '../../../renderer/src/features/accounts/team/team-logic';
import { memberIdOf, memberPath } from '../../../renderer/src/features/accounts/team/team-route';
import { countsLine, removalLosses } from '../../../renderer/src/features/accounts/team/team-words';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

function member(id: string, patch: Partial<TeamMember> = {}): TeamMember {
  return {
    id,
    email: `${id}@example.com`,
    name: `Name ${id}`,
    username: null,
    avatar: null,
    role: 'developer',
    permissions: ['read'],
    status: 'active',
    joinedAt: iso(NOW - 100 * HOUR),
    lastActive: iso(NOW - HOUR),
    invitedAt: null,
    invitationExpires: null,
    invitedBy: null,
    department: null,
    title: null,
    invitationId: null,
    invitationStatus: null,
    inviteUrl: null,
    ...patch,
  };
}

const invited = (id: string, expiresIn: number, patch: Partial<TeamMember> = {}) =>
  member(id, {
    name: null,
    status: 'pending',
    invitedAt: iso(NOW - HOUR),
    invitationExpires: iso(NOW + expiresIn),
    invitationId: `inv_${id}`,
    invitationStatus: 'sent',
    ...patch,
  });

describe('memberState and the invitation expiry words', () => {
  it('derives expired from the clock, even when the list said sent', () => {
    expect(memberState(member('usr_a'), NOW)).toBe('active');
    expect(memberState(member('usr_a', { status: 'suspended' }), NOW)).toBe('suspended');
    expect(memberState(invited('usr_b', HOUR), NOW)).toBe('pending');
    expect(memberState(invited('usr_b', HOUR), NOW + HOUR)).toBe('expired');
    expect(memberState(invited('usr_c', HOUR, { invitationStatus: 'expired' }), NOW)).toBe('expired');
  });

  it('says when an invitation expires or expired, and nothing for a member who joined', () => {
    expect(invitationExpiryText(invited('usr_b', 7 * 24 * HOUR), NOW)).toBe('Expires in 7 days');
    expect(invitationExpiryText(invited('usr_b', 1 * 24 * HOUR), NOW)).toBe('Expires in 1 day');
    expect(invitationExpiryText(invited('usr_b', 3 * HOUR), NOW)).toBe('Expires in 3 hours');
    expect(invitationExpiryText(invited('usr_b', 20 * 60_000), NOW)).toBe('Expires in 20 minutes');
    expect(invitationExpiryText(invited('usr_b', -2 * 24 * HOUR), NOW)).toBe('Expired 2 days ago');
    expect(invitationExpiryText(member('usr_a'), NOW)).toBeNull();
  });
});

describe('filterMembers', () => {
  const members = [
    member('usr_owner', { role: 'owner', name: 'Olga Owner' }),
    member('usr_ada', { role: 'admin', name: 'Ada Lovelace', department: 'Research' }),
    member('usr_dev', { name: 'Dev Eloper', status: 'suspended' }),
    invited('usr_new', HOUR, { email: 'new.person@example.com' }),
    invited('usr_old', -HOUR),
  ];

  it('filters by role, by state (expired from the clock) and by every word of the text', () => {
    const all = { role: '', status: '' as const, q: '' };
    expect(filterMembers(members, all, NOW)).toHaveLength(5);
    expect(filterMembers(members, { ...all, role: 'admin' }, NOW).map((m) => m.id)).toEqual(['usr_ada']);
    expect(filterMembers(members, { ...all, status: 'pending' }, NOW).map((m) => m.id)).toEqual(['usr_new']);
    expect(filterMembers(members, { ...all, status: 'expired' }, NOW).map((m) => m.id)).toEqual(['usr_old']);
    expect(filterMembers(members, { ...all, status: 'suspended' }, NOW).map((m) => m.id)).toEqual(['usr_dev']);
    expect(filterMembers(members, { ...all, q: 'research ADA' }, NOW).map((m) => m.id)).toEqual(['usr_ada']);
    expect(filterMembers(members, { ...all, q: 'new.person' }, NOW).map((m) => m.id)).toEqual(['usr_new']);
    expect(filterMembers(members, { role: 'developer', status: 'active', q: '' }, NOW)).toEqual([]);
  });

  it('puts the owner first, then people by name or address', () => {
    expect(teamOrder([members[2]!, members[3]!, members[0]!, members[1]!]).map((m) => m.id)).toEqual([
      'usr_owner',
      'usr_ada',
      'usr_dev',
      'usr_new',
    ]);
  });
});

describe('bulk selection', () => {
  const owner = member('usr_owner', { role: 'owner' });
  const me = member('usr_me', { role: 'admin' });
  const a = member('usr_a');
  const b = member('usr_b');

  it('never includes the owner, nor the caller when known', () => {
    expect(bulkExclusion(owner, null)).toMatch(/owner/);
    expect(bulkExclusion(me, 'usr_me')).toMatch(/yourself/);
    expect(bulkExclusion(me, null)).toBeNull();
    expect(bulkExclusion(a, 'usr_me')).toBeNull();
  });

  it('locks the owner’s role, and the caller’s own, against a change in place', () => {
    expect(roleLock(owner, null)).toMatch(/owner/);
    expect(roleLock(me, 'usr_me')).toMatch(/your own/);
    expect(roleLock(a, 'usr_me')).toBeNull();
  });

  it('follows the current filter: chosen members the filter hides are not acted on', () => {
    const selected = new Set(['usr_a', 'usr_b', 'usr_owner', 'usr_me']);
    expect(effectiveSelection(selected, [owner, me, a, b], 'usr_me').map((m) => m.id)).toEqual(['usr_a', 'usr_b']);
    expect(effectiveSelection(selected, [a], 'usr_me').map((m) => m.id)).toEqual(['usr_a']);
    expect(effectiveSelection(new Set(), [a, b], null)).toEqual([]);
  });

  it('selects every choosable member shown, then none; the header says all, some or none', () => {
    const all = toggleAllVisible(new Set(), [owner, me, a, b], 'usr_me');
    expect([...all].sort()).toEqual(['usr_a', 'usr_b']);
    expect(headerCheck(all, [owner, me, a, b], 'usr_me')).toBe('all');
    expect(toggleAllVisible(all, [owner, me, a, b], 'usr_me').size).toBe(0);
    expect(headerCheck(new Set(['usr_a']), [a, b], null)).toBe('some');
    expect(headerCheck(new Set(['usr_owner']), [owner, a], null)).toBe('none');
  });

  it('splits a large selection into requests of the bound', () => {
    const ids = Array.from({ length: 250 }, (_, i) => `usr_${i}`);
    expect(chunks(ids, 100).map((c) => c.length)).toEqual([100, 100, 50]);
    expect(chunks([], 100)).toEqual([]);
  });
});

describe('the invite form', () => {
  const context = {
    members: [
      member('usr_ada', { email: 'ada@example.com', role: 'admin' }),
      invited('usr_new', HOUR, { email: 'new@example.com', role: 'viewer' }),
    ],
    roles: ['admin', 'developer', 'viewer'],
    roleName: (r: string) => r[0]!.toUpperCase() + r.slice(1),
  };
  const form = (rows: InviteForm['rows'], patch: Partial<InviteForm> = {}): InviteForm => ({
    rows,
    expiresIn: '7d',
    message: '',
    ...patch,
  });

  it('sends one request per address, each with its role, sharing lifetime and message', () => {
    const result = validateInvite(
      form(
        [
          { email: ' one@example.com ', role: 'viewer' },
          { email: '', role: 'viewer' },
          { email: 'two@example.com', role: 'admin' },
        ],
        { expiresIn: '30d', message: ' Welcome ' },
      ),
      context,
    );
    expect(result).toEqual({
      ok: true,
      request: [
        { email: 'one@example.com', role: 'viewer', expiresIn: '30d', message: 'Welcome' },
        { email: 'two@example.com', role: 'admin', expiresIn: '30d', message: 'Welcome' },
      ],
    });
  });

  it('puts each error on the address it concerns', () => {
    const result = validateInvite(
      form([
        { email: 'not-an-address', role: 'viewer' },
        { email: 'ADA@example.com', role: 'viewer' },
        { email: 'new@example.com', role: 'viewer' },
        { email: 'x@example.com', role: 'viewer' },
        { email: 'x@example.com', role: 'owner' },
      ]),
      context,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors['rows.0.email']).toMatch(/Not an email address/);
    expect(result.errors['rows.1.email']).toBe('Already a member (Admin)');
    expect(result.errors['rows.2.email']).toBe('Already invited as Viewer');
    expect(result.errors['rows.3.email']).toBeUndefined();
    expect(result.errors['rows.4.email']).toBe('This address is listed twice');
    expect(result.errors['rows.4.role']).toBe('Choose a role');
  });

  it('asks for an address when none is given, and bounds the message', () => {
    const empty = validateInvite(form([{ email: '', role: 'viewer' }]), context);
    expect(empty.ok ? null : empty.errors['rows.0.email']).toBe('Enter an email address');
    const long = validateInvite(form([{ email: 'a@b.io', role: 'viewer' }], { message: 'x'.repeat(501) }), context);
    expect(long.ok ? null : long.errors.message).toBe('At most 500 characters (501 now)');
  });

  it('spreads pasted addresses over rows with the row’s role', () => {
    const rows = spreadPasted(
      [
        { email: '', role: 'admin' },
        { email: 'z@example.com', role: 'viewer' },
      ],
      0,
      'a@example.com, b@example.com;\nc@example.com',
    );
    expect(rows).toEqual([
      { email: 'a@example.com', role: 'admin' },
      { email: 'b@example.com', role: 'admin' },
      { email: 'c@example.com', role: 'admin' },
      { email: 'z@example.com', role: 'viewer' },
    ]);
    expect(spreadPasted([{ email: '', role: 'admin' }], 0, 'a@ex')).toEqual([{ email: 'a@ex', role: 'admin' }]);
  });

  it('says the API’s refusal of an address in words', () => {
    const name = (r: string) => r.toUpperCase();
    expect(inviteErrorText({ code: 'MEMBER_ALREADY_EXISTS', message: 'm', details: { email: 'a', currentRole: 'viewer' } }, name)).toBe(
      'Already a member (VIEWER)',
    );
    expect(inviteErrorText({ code: 'INVALID_EMAIL', message: 'm', details: { field: 'email' } }, name)).toMatch(/email address/);
    expect(inviteErrorText({ code: 'RATE_LIMIT_EXCEEDED', message: 'Too many requests', details: {} }, name)).toBe(
      'Not sent: Too many requests',
    );
  });
});

describe('bulk form and results', () => {
  it('asks a role or a department only where the operation needs one', () => {
    expect(validateBulk('update_role', { role: 'viewer', department: '' }, ['viewer'])).toEqual({
      ok: true,
      request: { data: { role: 'viewer' } },
    });
    expect(validateBulk('update_role', { role: 'owner', department: '' }, ['viewer']).ok).toBe(false);
    expect(validateBulk('update_department', { role: '', department: '  ' }, []).ok).toBe(false);
    expect(validateBulk('update_department', { role: '', department: 'x'.repeat(101) }, []).ok).toBe(false);
    expect(validateBulk('update_department', { role: '', department: ' Ops ' }, [])).toEqual({
      ok: true,
      request: { data: { department: 'Ops' } },
    });
    expect(validateBulk('suspend', { role: '', department: '' }, [])).toEqual({ ok: true, request: {} });
  });

  it('lists failures first, each with its reason, and sums up', () => {
    const members = [member('usr_a', { name: 'Ann' }), member('usr_b', { name: null, email: 'b@example.com' }), member('usr_c')];
    const outcome = bulkOutcome(
      [
        { userId: 'usr_a', status: 'success', updated: true },
        {
          userId: 'usr_b',
          status: 'failed',
          updated: false,
          error: { code: 'INVALID_STATE', message: 'Pending members cannot be suspended' },
        },
        { userId: 'usr_c', status: 'success', updated: false },
      ],
      members,
    );
    expect(outcome.summary).toBe('1 of 3 changed, 1 already as asked, 1 failed');
    expect(outcome.rows.map((r) => [r.label, r.ok, r.reason])).toEqual([
      ['b@example.com', false, 'Pending members cannot be suspended'],
      ['Ann <usr_a@example.com>', true, null],
      ['Name usr_c <usr_c@example.com>', true, null],
    ]);
  });
});

describe('words of the page', () => {
  it('names what a removal takes: role, keys, grants, and the resources owned', () => {
    const losses = removalLosses(member('usr_a'), 'Developer', {
      resources: { ownedEndpoints: ['ep_1', 'ep_2'], ownedClusters: ['cl_1'], sharedEndpoints: ['ep_9'] },
    });
    expect(losses).toEqual([
      'the Developer role and everything it allows',
      'every API key they created: calls with them are refused',
      'the permissions granted and the resources shared to them',
      'access to the 2 endpoints and 1 cluster they own (these stay in the account)',
      'access to 1 endpoint shared with them',
    ]);
    expect(removalLosses(member('usr_a'), 'Viewer', null)).toHaveLength(3);
    expect(removalLosses(invited('usr_b', HOUR), 'Viewer', null)).toEqual(['the invitation to join as Viewer; its link stops working']);
  });

  it('counts roles and invitations in one line', () => {
    const name = (k: string) => k[0]!.toUpperCase() + k.slice(1);
    expect(countsLine({ owner: 1, admin: 2, developer: 1, viewer: 0, pending: 3, custom: 4 }, 11, name)).toBe(
      '11 members: 1 owner, 2 admins, 1 developer, 4 with custom roles · 3 invited',
    );
  });

  it('addresses a member by id', () => {
    expect(memberPath('usr_a b')).toBe('/team/usr_a%20b');
    expect(memberIdOf('/team/usr_a%20b')).toBe('usr_a b');
    expect(memberIdOf('/team')).toBeNull();
  });
});
