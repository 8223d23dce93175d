import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, parseServeArgs } from '../../../main/web/cli-args';

describe('parseServeArgs', () => {
  it('defaults to loopback on the default port', () => {
    expect(parseServeArgs([])).toEqual({
      port: DEFAULT_PORT,
      host: '127.0.0.1',
      token: undefined,
      dataDir: undefined,
      staticDir: undefined,
    });
  });

  it('reads every option', () => {
    const token = 'a'.repeat(43);
    expect(parseServeArgs(['--port', '0', '--host', 'localhost', '--token', token, '--data', '/tmp/d'])).toMatchObject({
      port: 0,
      host: 'localhost',
      token,
      dataDir: '/tmp/d',
    });
  });

  it('--help asks for the usage and nothing else', () => {
    expect(parseServeArgs(['--help'])).toMatchObject({ help: true });
    expect(parseServeArgs(['-h', '--port', '70000'])).toMatchObject({ help: true });
  });

  it('refuses bad values with one clear line', () => {
    expect(() => parseServeArgs(['--port', '70000'])).toThrow(/--port must be a whole number/);
    expect(() => parseServeArgs(['--token', 'short'])).toThrow(/--token must be/);
    expect(() => parseServeArgs(['--host', 'a b'])).toThrow(/--host/);
    expect(() => parseServeArgs(['--bogus'])).toThrow();
  });
});
