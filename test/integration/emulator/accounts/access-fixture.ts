// What the role, grant and share tests read besides the routes under test: the team, the
// audit events as stored (the audit read route is another slice's), a member's role changed
// through the emulator's snapshot import (the member update route is another slice's) and
// resource ids of each area.
import { ListTeamMembersResponse, type TeamMember } from '../../../../shared/api/accounts/team';
import type { Target } from '../harness';

export async function teamOf(t: Target): Promise<TeamMember[]> {
  return ListTeamMembersResponse.parse((await t.call('GET', '/v2/accounts/team/members')).body).members;
}

/** The seeded member of each role that holds that role's seeded key (the first active one). */
export const holderOf = (members: readonly TeamMember[], role: string): TeamMember =>
  members.find((m) => m.role === role && m.status === 'active')!;

interface AuditEvent {
  type: string;
  action: string;
  actorId: string | null;
  keyId: string | null;
  targetUserId: string | null;
  resource: { type: string; id: string; name: string | null } | null;
  details: Record<string, unknown>;
}

/** The stored audit events, oldest first (from the emulator's snapshot export). */
export async function auditOf(t: Target): Promise<AuditEvent[]> {
  const r = await t.call('GET', '/_emulator/snapshot');
  return r.body.state.areas.accounts.audit as AuditEvent[];
}

/** Gives a member a role by editing the state (export, change, import). */
export async function assignRole(t: Target, userId: string, role: string): Promise<void> {
  const snapshot = (await t.call('GET', '/_emulator/snapshot')).body;
  const m = snapshot.state.areas.accounts.members.find((x: { id: string }) => x.id === userId);
  m.role = role;
  const r = await t.call('POST', '/_emulator/snapshot', { body: snapshot });
  if (r.status !== 200) throw new Error(`snapshot import failed: ${r.status} ${JSON.stringify(r.body)}`);
}

/** A cluster's and an endpoint's id. */
export async function resourceIds(t: Target): Promise<{ cluster: string; cluster2: string; endpoint: string; dataset: string }> {
  const clusters = (await t.call('GET', '/v1/clusters')).body.data.clusters as Array<{ id: string }>;
  const endpoints = (await t.call('GET', '/v2/endpoints')).body.endpoints as Array<{ id: string }>;
  const datasets = (await t.call('GET', '/v2/training/datasets')).body.datasets as Array<{ id: string }>;
  return { cluster: clusters[0]!.id, cluster2: clusters[1]!.id, endpoint: endpoints[0]!.id, dataset: datasets[0]!.id };
}
