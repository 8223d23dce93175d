// The settings rules shared by the emulator and the console's fields: time zones, countries and
// allow-list entries, with the traps an operator falls into (octal-looking or short IPv4, host bits).
import { describe, expect, it } from 'vitest';
import { allowListIncludes, isCountryCode, isTimeZone, parseAllowEntry } from '../../../shared/api/accounts/settings';

describe('settings rules', () => {
  it('accepts IANA time zones and refuses offsets and inventions', () => {
    for (const tz of ['UTC', 'Europe/Paris', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata']) expect(isTimeZone(tz), tz).toBe(true);
    for (const tz of ['+01:00', 'Mars/Olympus', '', 'Europe/', 'a'.repeat(80), 'Europe/Paris; drop'])
      expect(isTimeZone(tz), tz).toBe(false);
  });

  it('accepts assigned ISO 3166-1 alpha-2 codes only, upper case', () => {
    for (const c of ['DE', 'US', 'JP', 'BR']) expect(isCountryCode(c), c).toBe(true);
    for (const c of ['de', 'ZZ', 'USA', 'XK1', '']) expect(isCountryCode(c), c).toBe(false);
  });

  it('normalizes addresses and ranges, and names the range meant when host bits are set', () => {
    expect(parseAllowEntry(' 203.0.113.7 ')).toEqual({ ok: true, normalized: '203.0.113.7' });
    expect(parseAllowEntry('203.0.113.0/24')).toEqual({ ok: true, normalized: '203.0.113.0/24' });
    expect(parseAllowEntry('2001:0db8:0000::/32')).toEqual({ ok: true, normalized: '2001:db8::/32' });
    const hostBits = parseAllowEntry('10.0.0.1/8');
    expect(hostBits.ok).toBe(false);
    expect(hostBits.ok ? '' : hostBits.reason).toContain('10.0.0.0/8');
  });

  it('refuses what ipaddr.js alone would read as an address: short, octal and hex IPv4', () => {
    for (const v of ['10.1', '0x7f.1', '0177.0.0.1', '127.1', '256.1.1.1', '1.2.3.4/33', '::1/129', '1.2.3.4/8/9', 'example.com']) {
      expect(parseAllowEntry(v).ok, v).toBe(false);
    }
  });

  it('matches an address against ranges of its own family, IPv4-mapped IPv6 as IPv4', () => {
    const list = ['203.0.113.0/24', '2001:db8::/32', '127.0.0.1'];
    expect(allowListIncludes(list, '203.0.113.200')).toBe(true);
    expect(allowListIncludes(list, '::ffff:127.0.0.1')).toBe(true);
    expect(allowListIncludes(list, '2001:db8::5')).toBe(true);
    expect(allowListIncludes(list, '127.0.0.2')).toBe(false);
    expect(allowListIncludes(list, '198.51.100.1')).toBe(false);
    expect(allowListIncludes(list, 'not an address')).toBe(false);
  });
});
