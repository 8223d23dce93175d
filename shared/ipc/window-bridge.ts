// The shape of `window.gpuConsole`, which the Electron preload exposes through
// contextBridge. It is the Bridge interface of the contract: `invoke` reaches exactly the
// contract's channels (the preload holds one function per channel and refuses any other
// name before it reaches IPC) and `subscribe` exactly its topics. contextBridge copies
// Error objects without their custom properties, so a failed call rejects with a plain
// WindowBridgeRejection, which crosses intact and carries the NormalizedError.
import type { NormalizedError } from '../api/errors';
import type { Bridge } from './contract';

/** Name of the global the preload defines. */
export const WINDOW_BRIDGE_GLOBAL = 'gpuConsole';

/** IPC channels the preload uses for subscriptions (calls use the contract's channel names). */
export const SUBSCRIBE_CHANNEL = 'bridge:subscribe';
export const UNSUBSCRIBE_CHANNEL = 'bridge:unsubscribe';
export const EVENT_CHANNEL = 'bridge:event';

/** Preload → main on SUBSCRIBE_CHANNEL / UNSUBSCRIBE_CHANNEL; ids are positive integers chosen by the preload. */
export type SubscribeMessage = { id: number; topic: string; params: unknown };
export type UnsubscribeMessage = { id: number };
/** Main → preload on EVENT_CHANNEL: an event of a subscription, or why it could not start. */
export type EventMessage = { id: number; event: unknown } | { id: number; error: NormalizedError };

/** What a call rejects with when the main process answered with an error. */
export type WindowBridgeRejection = { name: 'BridgeError'; message: string; normalized: NormalizedError };

export type WindowBridge = Bridge;

/** Commands the application menu sends on the `menu:command` topic. */
export const menuCommands = {
  /** Cmd/Ctrl+K. */
  openCommandPalette: 'palette.open',
  /** Cmd/Ctrl+Shift+L. */
  toggleTheme: 'theme.toggle',
} as const;
export type MenuCommand = (typeof menuCommands)[keyof typeof menuCommands];

declare global {
  interface Window {
    /** Present only in the Electron app; web mode uses the WebSocket bridge. */
    readonly gpuConsole?: WindowBridge;
  }
}
