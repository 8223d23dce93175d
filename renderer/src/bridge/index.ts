// Chooses the transport once: the preload's `window.gpuConsole` in Electron, otherwise the
// web-mode WebSocket with the token from the address bar.
import type { Bridge } from '../../../shared/ipc/contract';
import { createElectronBridge, electronGlobal } from './electron-bridge';
import { takeTokenFromLocation } from './token';
import { adoptEarlySocket, bridgeUrl, createWebSocketBridge, type ConnectionState } from './websocket-bridge';

export type { ConnectionState } from './websocket-bridge';

export interface RendererBridge extends Bridge {
  mode: 'electron' | 'web';
  /** Web mode only reports changes; Electron IPC is always "open". */
  connection: { readonly state: ConnectionState; onStateChange(listener: (s: ConnectionState) => void): () => void };
}

let instance: RendererBridge | null = null;

function createBridge(): RendererBridge {
  const electron = electronGlobal();
  if (electron) {
    const { invoke, subscribe } = createElectronBridge(electron);
    return { invoke, subscribe, mode: 'electron', connection: { state: 'open', onStateChange: () => () => {} } };
  }
  const token = takeTokenFromLocation() ?? '';
  let first = true;
  const ws = createWebSocketBridge(bridgeUrl(window.location, token), (url) => {
    const early = first ? adoptEarlySocket(url) : null;
    first = false;
    return early ?? new WebSocket(url);
  });
  return { invoke: ws.invoke, subscribe: ws.subscribe, mode: 'web', connection: ws };
}

export function getBridge(): RendererBridge {
  instance ??= createBridge();
  return instance;
}

/** Tests and storybook-like harnesses can inject a bridge. */
export function setBridge(bridge: RendererBridge): void {
  instance = bridge;
}
