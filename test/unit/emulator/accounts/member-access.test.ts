// The member access compiled per member (issue 19, enforcement): what a request is decided on is
// kept between requests and dropped exactly when a record it was compiled from changes.
import { describe, expect, it } from 'vitest';
import { authenticate } from '../../../../main/emulator/areas/accounts/authority';
import { MemberAccess } from '../../../../main/emulator/areas/accounts/permissions/member-access';
import { resourceIdsOf } from '../../../../shared/api/accounts/permissions';
import { accountsOf } from '../../../../main/emulator/areas/accounts/state';
import type { StoredKey } from '../../../../main/emulator/areas/accounts/stored-schema';
import { ApiError } from '../../../../main/emulator/core/errors';
import { clustersOperations } from '../../../../shared/api/clusters/operations';
import { accountsOperations } from '../../../../shared/api/accounts/operations';
import { seededStore } from './store-fixture';

const NOW = Date.UTC(2026, 5, 1);
const OWNER = 'gpu_live_OwnerKey_0123456789abcdefghijABCDEFGHIJ01';
const secretWrite = clustersOperations['clusters.secrets.create'];
const clusterRead = clustersOperations['clusters.get'];

function setup() {
  const { store, accounts, seededKeys } = seededStore(7, NOW, OWNER);
  const access = new MemberAccess(() => accountsOf(store));
  store.onStateChange((area, id) => access.invalidate(area, id));
  const key = (role: string) => authenticate(accounts, `Bearer ${seededKeys[role]}`, NOW) as StoredKey;
  const member = (role: string) => accounts.members.find((m) => m.id === key(role).createdBy)!;
  return { store, access, key, member };
}

const grantFor = (userId: string, resources: string[] | null, expiresAt: number | null) => ({
  id: 'grant_unit1',
  userId,
  permissions: ['write'],
  scopes: ['clusters'],
  resources,
  expiresAt,
  reason: null,
  grantedBy: 'usr_owner',
  grantedAt: NOW,
  status: 'active' as const,
  revokedBy: null,
  revokedAt: null,
});

describe('member access', () => {
  it('compiles a member once and keeps it across changes to records it was not compiled from', () => {
    const { store, access, key } = setup();
    expect(access.admit(key('viewer'), clusterRead, { cluster_id: 'c1' }, NOW)).toBeNull();
    expect(access.size()).toBe(1);
    store.touch('clusters', 'cluster:c1');
    store.touch('accounts', 'key:key_x');
    store.touch('accounts', 'account');
    store.changed('clock');
    expect(access.size()).toBe(1);
    for (const id of ['members', 'roles', 'grants', 'shares']) {
      access.admit(key('viewer'), clusterRead, {}, NOW);
      expect(access.size()).toBe(1);
      store.touch('accounts', id);
      expect(access.size(), id).toBe(0);
    }
    access.admit(key('viewer'), clusterRead, {}, NOW);
    store.changed('state');
    expect(access.size()).toBe(0);
  });

  it('decides on a grant added and touched, for its resource only, until it expires on the clock', () => {
    const { store, access, key, member } = setup();
    const viewer = key('viewer');
    expect(access.admit(viewer, secretWrite, { cluster_id: 'c1' }, NOW)).toBeInstanceOf(ApiError);
    accountsOf(store).grants.push(grantFor(member('viewer').id, ['c1'], NOW + 1000));
    store.touch('accounts', 'grants');
    expect(access.admit(viewer, secretWrite, { cluster_id: 'c1' }, NOW)).toBeNull();
    expect(access.admit(viewer, secretWrite, { cluster_id: 'c2' }, NOW)).toBeInstanceOf(ApiError);
    const late = access.admit(viewer, secretWrite, { cluster_id: 'c1' }, NOW + 1000) as ApiError;
    expect(late.body()).toMatchObject({
      error: 'INSUFFICIENT_PERMISSIONS',
      details: { requiredPermission: 'write', requiredScope: 'clusters', currentRole: 'viewer' },
    });
  });

  it('refuses a suspended member with 403 and a removed one with 401 as soon as the members record is touched', () => {
    const { store, access, key, member } = setup();
    const developer = key('developer');
    expect(access.admit(developer, secretWrite, {}, NOW)).toBeNull();
    member('developer').status = 'suspended';
    store.touch('accounts', 'members');
    expect((access.admit(developer, clusterRead, {}, NOW) as ApiError).body()).toMatchObject({
      error: 'INSUFFICIENT_PERMISSIONS',
      details: { status: 'suspended', reason: expect.stringMatching(/suspended/) },
    });
    member('developer').status = 'removed';
    store.touch('accounts', 'members');
    expect((access.admit(developer, clusterRead, {}, NOW) as ApiError).status).toBe(401);
  });

  it('follows a role change: the memo of what the role holds is dropped with the roles and members records', () => {
    const { store, access, key, member } = setup();
    const viewer = key('viewer');
    expect(access.admit(viewer, accountsOperations['apiKeys.list'], {}, NOW)).toBeInstanceOf(ApiError);
    member('viewer').role = 'admin';
    store.touch('accounts', 'members');
    expect(access.admit(viewer, accountsOperations['apiKeys.list'], {}, NOW)).toBeNull();
  });

  it('names the admin role for a team-management refusal, and passes routes without a scope for any active member', () => {
    const { access, key } = setup();
    const invite = {
      ...accountsOperations['team.members.list'],
      id: 'team.members.invite',
      method: 'POST',
      access: 'write',
      memberPermission: 'manage_team',
    } as const;
    const refused = access.admit(key('developer'), invite, {}, NOW) as ApiError;
    expect(refused.body()).toMatchObject({
      error: 'INSUFFICIENT_PERMISSIONS',
      details: { requiredPermission: 'manage_team', requiredScope: 'accounts', requiredRole: 'admin', currentRole: 'developer' },
    });
    expect(access.admit(key('admin'), invite, {}, NOW)).toBeNull();
    expect(access.admit(key('viewer'), accountsOperations['auth.verify'], {}, NOW)).toBeNull();
  });

  it('refuses a pending member with 403 and a key whose member is unknown with 401', () => {
    const { store, access, key, member } = setup();
    const viewer = key('viewer');
    member('viewer').status = 'pending';
    store.touch('accounts', 'members');
    expect((access.admit(viewer, clusterRead, {}, NOW) as ApiError).body()).toMatchObject({ details: { status: 'pending' } });
    expect((access.admit({ ...viewer, createdBy: 'usr_nobody' }, clusterRead, {}, NOW) as ApiError).status).toBe(401);
  });

  it('lets the owner key through on its own permissions alone', () => {
    const { access, store } = setup();
    const owner = authenticate(accountsOf(store), `Bearer ${OWNER}`, NOW) as StoredKey;
    expect(access.admit(owner, secretWrite, {}, NOW)).toBeNull();
    expect(access.size()).toBe(0);
  });

  it('takes the resource ids from the path parameters that name resources', () => {
    expect(resourceIdsOf({ cluster_id: 'c1', secret_name: 'S', port_id: 'p' })).toEqual(['c1']);
    expect(resourceIdsOf({ endpointId: 'e1', job_id: 'j1', model_id: 'm1', dataset_id: 'd1', tune_id: 't1', template_id: 'tp' })).toEqual([
      'e1',
      'j1',
      'd1',
      'm1',
      't1',
      'tp',
    ]);
    expect(resourceIdsOf(undefined)).toEqual([]);
    expect(resourceIdsOf({ key_id: 'k', user_id: 'u', cluster_id: '' })).toEqual([]);
  });
});
