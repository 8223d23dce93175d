// GET /v2/accounts/team/members over the in-process emulator: the directory the console names
// people from (issue 8 #17).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListTeamMembersResponse } from '../../../../shared/api/accounts/team';
import { inProcess, type Target } from '../harness';

describe('team members', () => {
  let t: Target;
  beforeAll(() => {
    t = inProcess();
  });
  afterAll(async () => t.close());

  it('lists the seeded team with names, emails and role counts', async () => {
    const r = await t.call('GET', '/v2/accounts/team/members');
    expect(r.status).toBe(200);
    const list = ListTeamMembersResponse.parse(r.body);
    expect(list.total).toBe(list.members.length);
    expect(list.members.length).toBeGreaterThan(1);
    expect(list.members.every((m) => m.id.startsWith('usr_') && m.email.includes('@') && m.status !== 'removed')).toBe(true);
    const active = list.members.filter((m) => m.status !== 'pending');
    expect(active.every((m) => m.name !== null)).toBe(true);
    expect(list.members.filter((m) => m.role === 'owner')).toHaveLength(1);
    const counted = list.roles.owner + list.roles.admin + list.roles.developer + list.roles.viewer + list.roles.pending;
    expect(counted).toBe(list.total);
    expect(list.members.find((m) => m.role === 'owner')!.permissions).toEqual(['*']);
  });

  it('names every user id a cluster lists in its team', async () => {
    const ids = new Set(ListTeamMembersResponse.parse((await t.call('GET', '/v2/accounts/team/members')).body).members.map((m) => m.id));
    const clusters = (await t.call('GET', '/v1/clusters')).body as {
      data: { clusters: Array<{ project_info: { team_members: string[] } }> };
    };
    const team = clusters.data.clusters.flatMap((c) => c.project_info.team_members);
    expect(team.length).toBeGreaterThan(0);
    expect(team.every((id) => ids.has(id))).toBe(true);
  });
});
