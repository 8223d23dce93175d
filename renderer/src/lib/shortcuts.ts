// Keyboard shortcut strings ("Mod+K", "Shift+?", "N") and matching against KeyboardEvents.
// "Mod" is Cmd on macOS and Ctrl elsewhere.
export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

function isMacPlatform(platform: string = typeof navigator === 'undefined' ? '' : navigator.platform): boolean {
  return /mac|iphone|ipad/i.test(platform);
}

export function matchesShortcut(event: KeyLike, shortcut: string, mac: boolean = isMacPlatform()): boolean {
  const parts = shortcut.split('+');
  const key = parts.pop()?.toLowerCase() ?? '';
  const mods = new Set(parts.map((p) => p.toLowerCase()));
  const wantCtrl = mods.has('ctrl') || (mods.has('mod') && !mac);
  const wantMeta = mods.has('meta') || (mods.has('mod') && mac);
  if (event.ctrlKey !== wantCtrl || event.metaKey !== wantMeta || event.altKey !== mods.has('alt')) return false;
  // Shift is implied by shifted characters like "?", so only check it when the shortcut names it.
  if (mods.has('shift') && !event.shiftKey) return false;
  return event.key.toLowerCase() === key;
}

export function formatShortcut(shortcut: string, mac: boolean = isMacPlatform()): string {
  return shortcut
    .split('+')
    .map((p) => (p === 'Mod' ? (mac ? '⌘' : 'Ctrl') : p === 'Shift' ? (mac ? '⇧' : 'Shift') : p === 'Alt' ? (mac ? '⌥' : 'Alt') : p))
    .join(mac ? '' : '+');
}

/** True when typing in a field: single-key shortcuts must not fire there. */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
