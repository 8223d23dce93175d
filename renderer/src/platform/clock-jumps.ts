// The embedded emulator's clock moved by hand — from the Emulator page of any window, or any
// other client of this console (main's `emulator:clockJumped`): every window's server clock
// follows at once (noteClockJump), so live charts re-read their window and views that refresh
// on a slow pace read the new now instead of at their next slot of the read budget.
import { getBridge } from '../bridge';
import { noteClockJump } from './server-clock';

/** Follows the jumps for this window (the shell, once); returns the unwatch. */
export function watchClockJumps(): () => void {
  return getBridge().subscribe('emulator:clockJumped', {}, ({ now }) => noteClockJump(now));
}
