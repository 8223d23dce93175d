// Follow mode of a log window: the view keeps to the newest line until the reader scrolls up
// (or pauses); from then on it counts the lines that arrived below, for "N new lines — jump
// to latest", until the reader is back at the bottom.

export interface FollowState {
  following: boolean;
  /** The model's matched-lines total when following stopped. */
  base: number;
}

export const FOLLOWING: FollowState = { following: true, base: 0 };

/** How close to the bottom (px) still counts as at the bottom: a row's height, against rounding. */
const BOTTOM_SLACK_PX = 24;

export function atBottom(scrollTop: number, clientHeight: number, scrollHeight: number): boolean {
  return scrollHeight - (scrollTop + clientHeight) <= BOTTOM_SLACK_PX;
}

/** After a scroll by the reader: stop following when they left the bottom, follow again when back. */
export function onScrolled(state: FollowState, bottom: boolean, matchedTotal: number): FollowState {
  if (state.following && !bottom) return { following: false, base: matchedTotal };
  if (!state.following && bottom) return FOLLOWING;
  return state;
}

export function pause(state: FollowState, matchedTotal: number): FollowState {
  return state.following ? { following: false, base: matchedTotal } : state;
}

/** Lines that arrived since following stopped (0 while following). */
export function unseen(state: FollowState, matchedTotal: number): number {
  return state.following ? 0 : Math.max(0, matchedTotal - state.base);
}
