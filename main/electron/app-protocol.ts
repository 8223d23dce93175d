// Registers app:// as a privileged scheme and serves the built renderer on it.
import { protocol, type Protocol } from 'electron';
import { APP_SCHEME } from './app-origin';
import { createAppRequestHandler } from './app-files';

/**
 * Must run before the app is ready. `standard` gives the scheme a real origin (so
 * relative URLs, storage and the IPC origin check work); `secure` makes it a secure
 * context; `corsEnabled` lets module scripts (Vite's output, with `crossorigin`) load.
 * Nothing here grants file access or bypasses the CSP.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true },
    },
  ]);
}

/** Serves rendererDir on app://console for the session that owns `sessionProtocol`. */
export function serveRenderer(sessionProtocol: Protocol, rendererDir: string): void {
  sessionProtocol.handle(APP_SCHEME, createAppRequestHandler(rendererDir));
}
