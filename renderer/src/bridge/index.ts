// Chooses the transport once: the preload's `window.gpuConsole` in Electron, otherwise the
// web-mode WebSocket with the token from the address bar or the console's storage (token.ts).
import type { Bridge } from '../../../shared/ipc/contract';
import { createElectronBridge, electronGlobal } from './electron-bridge';
import { onTokenShared, storeToken, takeTokenFromLocation, tokenAccepted, tokenRefused } from './token';
import { adoptEarlySocket, bridgeUrl, createWebSocketBridge, type ConnectionState } from './websocket-bridge';

export type { ConnectionState } from './websocket-bridge';

export interface RendererBridge extends Bridge {
  mode: 'electron' | 'web';
  /** Web mode only reports changes; Electron IPC is always "open". */
  connection: {
    readonly state: ConnectionState;
    /** Why the state is 'signed-out' (web mode): no token yet, or the server refused it. */
    readonly signedOutReason: 'no-token' | 'refused' | null;
    onStateChange(listener: (s: ConnectionState) => void): () => void;
    /** Web mode: keeps the token for this tab and connects with it, without a reload. */
    signIn(token: string): void;
  };
}

let instance: RendererBridge | null = null;

function createBridge(): RendererBridge {
  const electron = electronGlobal();
  if (electron) {
    const { invoke, subscribe } = createElectronBridge(electron);
    const connection = { state: 'open' as const, signedOutReason: null, onStateChange: () => () => {}, signIn: () => {} };
    return { invoke, subscribe, mode: 'electron', connection };
  }
  let first = true;
  const ws = createWebSocketBridge(
    bridgeUrl(window.location),
    takeTokenFromLocation(),
    (url) => {
      const early = first ? adoptEarlySocket(url) : null;
      first = false;
      return early ?? new WebSocket(url);
    },
    { onAccepted: (token) => tokenAccepted(token), onRefused: (token) => tokenRefused(token) },
  );
  // Signed out (no token, or a restarted server's refusal) while another tab of this console
  // signs in: this one follows with the token the server accepted there.
  onTokenShared((token) => {
    if (ws.state === 'signed-out') connection.signIn(token);
  });
  const connection = {
    get state() {
      return ws.state;
    },
    get signedOutReason() {
      return ws.signedOutReason;
    },
    onStateChange: ws.onStateChange,
    signIn(token: string) {
      storeToken(token);
      ws.signIn(token);
    },
  };
  return { invoke: ws.invoke, subscribe: ws.subscribe, mode: 'web', connection };
}

export function getBridge(): RendererBridge {
  instance ??= createBridge();
  return instance;
}

/**
 * Tests and storybook-like harnesses can inject a bridge.
 * @internal Exported for its tests only.
 */
export function setBridge(bridge: RendererBridge): void {
  instance = bridge;
}
