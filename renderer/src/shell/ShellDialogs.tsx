// The shell's dialogs that open on a key (the command palette, Mod+K; the shortcut list, "?"):
// their code (MUI's dialog, text field and the palette's search) is not part of the first screen
// (issue 23: the initial chunk's budget). Each mounts once first opened, and both are fetched
// when the browser is idle after the first screen, so the first Mod+K opens at once.
import { Suspense, useEffect } from 'react';
import { preloadableLazy } from '../lib/preloadable-lazy';
import { useOpenedOnce } from '../lib/use-opened-once';
import { useUi } from './ui-store';

const CommandPalette = preloadableLazy(() => import('./palette/CommandPalette').then((m) => ({ default: m.CommandPalette })));
const ShortcutsDialog = preloadableLazy(() => import('./ShortcutsDialog').then((m) => ({ default: m.ShortcutsDialog })));

export function ShellDialogs() {
  const palette = useOpenedOnce(useUi((s) => s.paletteOpen));
  const shortcuts = useOpenedOnce(useUi((s) => s.shortcutsOpen));
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((f: () => void) => window.setTimeout(f, 1000));
    idle(() => {
      void CommandPalette.preload().catch(() => {});
      void ShortcutsDialog.preload().catch(() => {});
    });
  }, []);
  return (
    <Suspense fallback={null}>
      {palette && <CommandPalette />}
      {shortcuts && <ShortcutsDialog />}
    </Suspense>
  );
}
