// Who created a seeded resource (issue 19: the team's member detail and activity report read
// creators through AreaModule.createdResources). Seeded clusters, endpoints and training jobs
// take the team's active members in turn: no random draws, so every other seeded value stays.
import type { WorldDraft } from './area';

/** The creator of the i-th seeded resource of a kind; null when the team has no active member. */
export function seededCreators(draft: WorldDraft): (i: number) => string | null {
  const ids = draft
    .directory()
    .members()
    .filter((m) => m.status === 'active')
    .map((m) => m.id);
  return (i) => (ids.length ? ids[i % ids.length]! : null);
}
