// The control room's actions with their feedback (a notification each), shared by the panels
// and the palette commands; the stores stay free of UI side effects.
import { notify, useNotifications } from '../../platform/notifications-store';
import { toNormalizedError } from '../../bridge/errors';
import { formatDuration, formatSpeed } from './clock-input';
import { useEmulatorClock } from './emulator-store';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** Moves the clock; resolves false (after saying why) when it could not. */
export async function advanceClock(seconds: number): Promise<boolean> {
  try {
    const clock = await useEmulatorClock.getState().advance(seconds);
    notify('success', `Clock moved forward ${formatDuration(seconds)}: now ${when(clock.now)}`);
    return true;
  } catch (e) {
    useNotifications.getState().notifyError('Could not move the clock', toNormalizedError(e));
    return false;
  }
}

export async function setClockSpeed(speed: number): Promise<boolean> {
  try {
    await useEmulatorClock.getState().setSpeed(speed);
    notify('success', `The clock now runs at ${formatSpeed(speed)}`);
    return true;
  } catch (e) {
    useNotifications.getState().notifyError('Could not change the clock speed', toNormalizedError(e));
    return false;
  }
}
