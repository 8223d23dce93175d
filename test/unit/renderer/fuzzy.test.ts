import { describe, expect, it } from 'vitest';
import { fuzzyFilter, fuzzyMatch } from '../../../renderer/src/lib/fuzzy';

describe('fuzzyMatch', () => {
  it('matches characters in order and reports their positions', () => {
    expect(fuzzyMatch('tth', 'Toggle theme')?.positions).toEqual([0, 7, 8]);
    expect(fuzzyMatch('xyz', 'Toggle theme')).toBeNull();
    expect(fuzzyMatch('eht', 'theme')).toBeNull();
  });

  it('an empty query matches everything', () => {
    expect(fuzzyMatch('  ', 'anything')).toEqual({ score: 0, positions: [] });
  });
});

describe('fuzzyFilter', () => {
  const commands = ['Go to API keys', 'Create API key', 'Toggle light/dark theme', 'Theme: dark', 'Switch to profile: Production'];

  it('ranks word starts and runs above scattered matches', () => {
    expect(fuzzyFilter(commands, 'create', (c) => c)[0]).toBe('Create API key');
    expect(
      fuzzyFilter(commands, 'theme', (c) => c)
        .slice(0, 2)
        .sort(),
    ).toEqual(['Theme: dark', 'Toggle light/dark theme']);
    expect(fuzzyFilter(commands, 'prod', (c) => c)).toEqual(['Switch to profile: Production']);
  });

  it('keeps the original order for an empty query', () => {
    expect(fuzzyFilter(commands, '', (c) => c)).toEqual(commands);
  });
});
