// The team's addresses: `/team` (the list, its filters in the query) and `/team/<user id>` (a member).

export const TEAM_PATH = '/team';

export function memberPath(id: string): string {
  return `${TEAM_PATH}/${encodeURIComponent(id)}`;
}

/** The member id of `/team/<id>`, or null on the list. */
export function memberIdOf(path: string): string | null {
  const m = /^\/team\/([^/]+)/.exec(path);
  return m ? decodeURIComponent(m[1]!) : null;
}
