import { describe, expect, it } from 'vitest';
import { formatShortcut, matchesShortcut, type KeyLike } from '../../../renderer/src/lib/shortcuts';

const key = (k: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('matchesShortcut', () => {
  it('reads Mod as Ctrl off macOS and Cmd on macOS', () => {
    expect(matchesShortcut(key('k', { ctrlKey: true }), 'Mod+K', false)).toBe(true);
    expect(matchesShortcut(key('k', { metaKey: true }), 'Mod+K', false)).toBe(false);
    expect(matchesShortcut(key('k', { metaKey: true }), 'Mod+K', true)).toBe(true);
    expect(matchesShortcut(key('k', { ctrlKey: true }), 'Mod+K', true)).toBe(false);
  });

  it('requires the named modifiers and no others', () => {
    expect(matchesShortcut(key('L', { ctrlKey: true, shiftKey: true }), 'Mod+Shift+L', false)).toBe(true);
    expect(matchesShortcut(key('l', { ctrlKey: true }), 'Mod+Shift+L', false)).toBe(false);
    expect(matchesShortcut(key('k'), 'Mod+K', false)).toBe(false);
    expect(matchesShortcut(key('k', { ctrlKey: true, altKey: true }), 'Mod+K', false)).toBe(false);
  });

  it('accepts shifted characters without naming Shift', () => {
    expect(matchesShortcut(key('?', { shiftKey: true }), '?', false)).toBe(true);
  });
});

describe('formatShortcut', () => {
  it('uses the platform names', () => {
    expect(formatShortcut('Mod+K', false)).toBe('Ctrl+K');
    expect(formatShortcut('Mod+Shift+L', true)).toBe('⌘⇧L');
  });
});
