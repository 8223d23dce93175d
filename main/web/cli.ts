// `npm run serve`: the console in a browser. Starts the same services as the desktop app and
// serves the built renderer plus the bridge on loopback; prints the address with its token.
import { defaultDataDir } from '../paths';
import { createServices, type Services } from '../services';
import { parseServeArgs, SERVE_USAGE } from './cli-args';
import { isLoopbackHost, startWebServer, type WebServer } from './server';

function fail(message: string): never {
  console.error(`serve: ${message}`);
  process.exit(1);
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseServeArgs(process.argv.slice(2));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (args.help) {
    console.log(SERVE_USAGE);
    return;
  }
  if (!isLoopbackHost(args.host)) {
    console.warn(
      `WARNING: serving on ${args.host}, not loopback. Anyone on the network who learns the token controls this console and every API key it holds.`,
    );
  }
  const dataDir = args.dataDir ?? defaultDataDir();
  let services: Services;
  try {
    services = await createServices({ mode: 'web', dataDir });
  } catch (error) {
    fail(`the console could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  let server: WebServer;
  try {
    server = await startWebServer({
      services,
      downloads: services.downloads,
      port: args.port,
      host: args.host,
      token: args.token,
      staticDir: args.staticDir,
      onDefect: (channel, error) =>
        console.error(`[web] ${channel} failed unexpectedly (${error instanceof Error ? error.name : typeof error})`),
    });
  } catch (error) {
    await services.dispose();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`port ${args.port} is in use; pass --port N (0 picks a free port).`);
    fail(error instanceof Error ? error.message : String(error));
  }
  const vault = services.vaultStatus;
  console.log(`Data: ${dataDir}`);
  console.log(vault.backend === 'keychain' ? `Keys: ${vault.location}` : `Keys: ${vault.reason ?? vault.location}`);
  console.log(`Console: ${server.url}`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void server
      .close()
      .then(() => services.dispose())
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
