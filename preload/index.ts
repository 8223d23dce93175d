// Preload of every console window (sandboxed: bundled into one CommonJS file, it may only
// use contextBridge and ipcRenderer). Exposes the contract's bridge and nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import { WINDOW_BRIDGE_GLOBAL } from '../shared/ipc/window-bridge';
import { createPreloadBridge } from './bridge';

contextBridge.exposeInMainWorld(
  WINDOW_BRIDGE_GLOBAL,
  createPreloadBridge(ipcRenderer, {
    hasUserActivation: () => navigator.userActivation?.isActive ?? false,
  }),
);
