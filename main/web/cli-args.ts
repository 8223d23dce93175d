// Arguments of `npm run serve -- [--port N] [--host H] [--token T] [--data DIR] [--static DIR] [--help]`.
import { parseArgs } from 'node:util';
import { TOKEN_PATTERN } from './access-token';

/** @internal Exported for its tests only. */
export const DEFAULT_PORT = 4280;

export const SERVE_USAGE = [
  'usage: npm run serve -- [--port N] [--host H] [--token T] [--data DIR] [--static DIR]',
  `  --port N      port on the host (default ${DEFAULT_PORT}; 0 picks a free port)`,
  '  --host H      address to listen on (default 127.0.0.1; anything else is reachable from the network)',
  '  --token T     the sign-in token (16-256 characters of A-Z, a-z, 0-9, _ and -; default: a new random one)',
  "  --data DIR    data folder (default: the desktop app's)",
  '  --static DIR  built renderer to serve (default: dist/renderer)',
].join('\n');

export interface ServeArgs {
  port: number;
  host: string;
  token?: string;
  dataDir?: string;
  staticDir?: string;
  /** `--help`: print SERVE_USAGE and start nothing. */
  help?: true;
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
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return { port: DEFAULT_PORT, host: '127.0.0.1', help: true };
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be a whole number from 0 to 65535 (0 picks a free port), not ${JSON.stringify(values.port)}.`);
  const host = values.host ?? '127.0.0.1';
  if (!/^[A-Za-z0-9.:-]{1,253}$/.test(host)) throw new Error(`--host must be a host name or IP address, not ${JSON.stringify(host)}.`);
  if (values.token !== undefined && !TOKEN_PATTERN.test(values.token))
    throw new Error('--token must be 16–256 characters of A–Z, a–z, 0–9, _ and -.');
  return { port, host, token: values.token, dataDir: values.data, staticDir: values.static };
}
