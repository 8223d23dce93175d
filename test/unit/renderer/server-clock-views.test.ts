// Every "now" of the data is the server's (issue 8, item 7): with the server's clock days
// ahead of this machine's, expiry, "today" and the usage chart's end follow the server.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '../../../shared/api/accounts/api-keys';
import { expiryText } from '../../../renderer/src/features/accounts/api-keys/key-display';
import { emptyCreateKeyForm, KEY_MESSAGES, toCreateRequest } from '../../../renderer/src/features/accounts/api-keys/key-form';
import { effectiveStatus } from '../../../renderer/src/features/accounts/api-keys/key-status';
import { usageAxis, usageSeries } from '../../../renderer/src/features/accounts/api-keys/usage-series';
import { isoToLocal, lastHour, logTime, rangeError } from '../../../renderer/src/features/clusters/clusters/proxy/access-log-filter';
import { emptySecretForm, PAST_EXPIRY, toCreateSecret } from '../../../renderer/src/features/clusters/clusters/secrets/secret-form';
import { expiryState } from '../../../renderer/src/features/clusters/clusters/secrets/secret-status';
import { formatLocalTime } from '../../../renderer/src/components/error-details';
import { noteServerTime, resetServerClock, serverNow } from '../../../renderer/src/platform/server-clock';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** This machine's clock: noon, local time. */
const LOCAL = new Date(2026, 10, 25, 12, 0, 0).getTime();
/** The server's clock (an emulator advanced by three days). */
const SERVER = LOCAL + 3 * DAY;

const iso = (ms: number) => new Date(ms).toISOString();
const localDate = (ms: number) => isoToLocal(iso(ms)).slice(0, 10);

function key(expiresAt: string | null, name = 'k'): ApiKey {
  return {
    id: `key_${name}`,
    name,
    prefix: 'gpc_live_abcd',
    permissions: ['read'],
    scopes: [],
    status: 'active',
    createdAt: iso(LOCAL - 30 * DAY),
    lastUsed: null,
    expiresAt,
    rateLimit: { read: 0, write: 0, execute: 0 },
  } as unknown as ApiKey;
}

describe('times of the data by the server clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(LOCAL);
    resetServerClock();
    noteServerTime(SERVER);
  });
  afterEach(() => {
    resetServerClock();
    vi.useRealTimers();
  });

  it('shows a key Expired once the server’s clock passed its expiry, even when this machine’s has not', () => {
    const expired = key(iso(LOCAL + DAY), 'expired');
    expect(effectiveStatus(expired)).toBe('expired');
    expect(effectiveStatus(key(iso(SERVER + DAY)))).toBe('active');
  });

  it('says how long ago a key expired by the server’s clock, not twice offset', () => {
    expect(expiryText(iso(SERVER - 2 * DAY), serverNow())).toMatch(/· expired 2 days ago$/);
  });

  it('badges a secret expired or expiring by the server’s clock', () => {
    expect(expiryState({ expired: false, expiration_date: iso(LOCAL + DAY) })).toBe('expired');
    expect(expiryState({ expired: false, expiration_date: iso(SERVER + 2 * DAY) })).toBe('expiring');
  });

  it('refuses a key or secret expiry already past on the server, though ahead of this machine', () => {
    const tomorrowHere = localDate(LOCAL + DAY);
    const keyResult = toCreateRequest({ ...emptyCreateKeyForm(), name: 'ci', expiresOn: tomorrowHere });
    expect(keyResult.ok).toBe(false);
    expect(!keyResult.ok && keyResult.errors.expiresAt).toBe(KEY_MESSAGES.expiryPast);
    const secret = toCreateSecret({ ...emptySecretForm(), name: 'db', value: 'x', expiresOn: tomorrowHere });
    expect(secret.ok).toBe(false);
    expect(!secret.ok && secret.errors.expiration_date).toBe(PAST_EXPIRY);
  });

  it('ends the usage chart at the server’s now, inside its last (partial) bucket', () => {
    const hourStart = Math.floor(SERVER / HOUR) * HOUR;
    const timeline = Array.from({ length: 24 }, (_, i) => ({
      date: iso(hourStart - (23 - i) * HOUR),
      reads: 1,
      writes: 0,
      executions: 0,
    }));
    const axis = usageAxis(usageSeries(timeline), 'hour')!;
    expect(axis.max).toBe(SERVER);
    expect(axis.partial).toEqual({ from: hourStart, until: SERVER });
  });

  it('writes access-log entries of the server’s today without their date', () => {
    expect(logTime(iso(SERVER - HOUR))).not.toMatch(/[A-Z][a-z]{2} \d/);
    expect(logTime(iso(LOCAL))).toMatch(/[A-Z][a-z]{2} \d/);
  });

  it('checks and starts a custom log range by the server’s clock', () => {
    // After this machine's now but before the server's: entries can exist there.
    const r = { range: 'custom' as const, from: isoToLocal(iso(LOCAL + DAY)), to: '' };
    expect(rangeError(r)).toBeNull();
    expect(rangeError({ ...r, from: isoToLocal(iso(SERVER + HOUR)) })).toMatch(/^The start is after the server's now/);
    expect(lastHour()).toEqual({ from: isoToLocal(iso(SERVER - HOUR)), to: isoToLocal(iso(SERVER)) });
  });

  it('writes a reset time of the server’s today without its date', () => {
    expect(formatLocalTime(iso(SERVER + HOUR), { timeZone: 'UTC' })).toMatch(/^\d{2}:\d{2}$/);
  });
});
