import { describe, expect, it } from 'vitest';
import type { AccessLogEntry } from '../../../shared/api/clusters/proxy';
import {
  accessLogsCsv,
  ANONYMOUS,
  filterLogs,
  isoToLocal,
  localToIso,
  logFacets,
  rangeError,
  rangeQuery,
} from '../../../renderer/src/features/clusters/clusters/proxy/access-log-filter';
import { toCsv, type CsvValue } from '../../../renderer/src/lib/csv';

const entry = (patch: Partial<AccessLogEntry>): AccessLogEntry => ({
  timestamp: '2026-01-01T10:00:00.000Z',
  client_ip: '10.0.0.1',
  user: 'usr_a',
  method: 'GET',
  path: '/lab',
  status_code: 200,
  response_time_ms: 12.5,
  user_agent: 'curl/8.7.1',
  ...patch,
});

/** Whether a status filter keeps a code: the logs filtered by status alone, of one entry with that code. */
const matchesStatus = (code: number, filter: string): boolean =>
  filterLogs([entry({ status_code: code })], { status: filter, user: '', path: '' }).length === 1;

/** One field as toCsv writes it: the record of a table with an empty header, less the CRLFs. */
const csvField = (value: CsvValue): string => toCsv([], [[value]]).slice('\r\n'.length, -'\r\n'.length);

describe('CSV (RFC 4180)', () => {
  it('quotes fields with commas, quotes, CR or LF, doubling the quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvField(null)).toBe('');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(-3)).toBe('-3');
  });

  it('keeps a spreadsheet from running a field as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@me')).toBe("'@me");
  });

  it('ends every record, the header included, with CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x,y'],
          [null, 'z'],
        ],
      ),
    ).toBe('a,b\r\n1,"x,y"\r\n,z\r\n');
  });

  it('writes access logs with the API field names and an empty user for anonymous requests', () => {
    const csv = accessLogsCsv([entry({ user: null, user_agent: 'Mozilla/5.0 (X11; Linux x86_64) "quoted"' })]);
    expect(csv.split('\r\n')[0]).toBe('timestamp,status_code,method,path,user,client_ip,response_time_ms,user_agent');
    expect(csv.split('\r\n')[1]).toBe('2026-01-01T10:00:00.000Z,200,GET,/lab,,10.0.0.1,12.5,"Mozilla/5.0 (X11; Linux x86_64) ""quoted"""');
  });
});

describe('access-log filters', () => {
  const logs = [
    entry({ status_code: 200, path: '/lab' }),
    entry({ status_code: 404, path: '/api/kernels', user: null }),
    entry({ status_code: 401, path: '/API/contents', user: 'usr_b' }),
    entry({ status_code: 502, path: '/metrics' }),
  ];

  it('matches a status class or an exact code', () => {
    expect(matchesStatus(404, '4xx')).toBe(true);
    expect(matchesStatus(502, '4xx')).toBe(false);
    expect(matchesStatus(404, '404')).toBe(true);
    expect(matchesStatus(401, '404')).toBe(false);
    expect(matchesStatus(200, '')).toBe(true);
  });

  it('combines status, user (anonymous included) and path (any case)', () => {
    expect(filterLogs(logs, { status: '4xx', user: '', path: '' })).toHaveLength(2);
    expect(filterLogs(logs, { status: '', user: ANONYMOUS, path: '' })).toEqual([logs[1]]);
    expect(filterLogs(logs, { status: '', user: 'usr_b', path: '' })).toEqual([logs[2]]);
    expect(filterLogs(logs, { status: '4xx', user: '', path: 'api' })).toEqual([logs[1], logs[2]]);
    expect(filterLogs(logs, { status: '', user: '', path: '  ' })).toHaveLength(4);
  });

  it('lists the codes and users present', () => {
    expect(logFacets(logs)).toEqual({ codes: [200, 401, 404, 502], users: ['usr_a', 'usr_b'], anonymous: true });
  });
});

describe('access-log time range', () => {
  it('asks presets by minutes, so the server clock decides now', () => {
    expect(rangeQuery({ range: '15m', from: '', to: '' })).toEqual({
      include_access_logs: true,
      access_logs_limit: 5000,
      access_logs_minutes: 15,
    });
    expect(rangeQuery({ range: '24h', from: '', to: '' })).toMatchObject({ access_logs_minutes: 1440 });
  });

  it('sends a custom range as instants, open at an empty end', () => {
    const from = isoToLocal('2026-01-01T10:00:00.000Z');
    expect(localToIso(from)).toBe('2026-01-01T10:00:00.000Z');
    expect(rangeQuery({ range: 'custom', from, to: '' })).toEqual({
      include_access_logs: true,
      access_logs_limit: 5000,
      access_logs_since: '2026-01-01T10:00:00.000Z',
    });
  });

  it('says what is wrong with a custom range in plain words', () => {
    const early = isoToLocal('2026-01-01T10:00:00.000Z');
    const late = isoToLocal('2026-01-01T11:00:00.000Z');
    expect(rangeError({ range: 'custom', from: late, to: early })).toBe('The end is before the start');
    expect(rangeError({ range: 'custom', from: 'garbage', to: '' })).toBe('Enter a valid start');
    expect(rangeError({ range: 'custom', from: early, to: late })).toBeNull();
    expect(rangeError({ range: '1h', from: late, to: early })).toBeNull();
  });
});
