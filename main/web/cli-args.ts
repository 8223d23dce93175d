// Arguments of `npm run serve -- [--port N] [--host H] [--token T] [--data DIR] [--static DIR]`.
import { parseArgs } from 'node:util';
import { TOKEN_PATTERN } from './access-token';

export const DEFAULT_PORT = 4280;

export interface ServeArgs {
  port: number;
  host: string;
  token?: string;
  dataDir?: string;
  staticDir?: string;
}

/** Throws an Error whose message is one line for the user. */
export function parseServeArgs(argv: string[]): ServeArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      token: { type: 'string' },
      data: { type: 'string' },
      static: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be a whole number from 0 to 65535 (0 picks a free port), not ${JSON.stringify(values.port)}.`);
  const host = values.host ?? '127.0.0.1';
  if (!/^[A-Za-z0-9.:-]{1,253}$/.test(host)) throw new Error(`--host must be a host name or IP address, not ${JSON.stringify(host)}.`);
  if (values.token !== undefined && !TOKEN_PATTERN.test(values.token))
    throw new Error('--token must be 16–256 characters of A–Z, a–z, 0–9, _ and -.');
  return { port, host, token: values.token, dataDir: values.data, staticDir: values.static };
}
