// Web mode's socket state, so the status bar can say "Reconnecting…".
import { useSyncExternalStore } from 'react';
import { getBridge, type ConnectionState } from '../../bridge';

export function useConnectionState(): ConnectionState {
  const { connection } = getBridge();
  return useSyncExternalStore(
    (onChange) => connection.onStateChange(onChange),
    () => connection.state,
  );
}
