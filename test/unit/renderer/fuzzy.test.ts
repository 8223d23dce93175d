import { describe, expect, it } from 'vitest';
import { bestMatch, fuzzyFilter } from '../../../renderer/src/lib/fuzzy';

/** The match of the query against one text, through bestMatch (without the text's index). */
function fuzzyMatch(query: string, text: string) {
  const best = bestMatch(query, [text]);
  if (!best) return null;
  const { index: _index, ...match } = best;
  return match;
}

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

describe('match quality', () => {
  const texts = ['Theme: follow system', 'llm-pretraining', 'Go to Clusters', 'team-llm-finetune', 'small-llama'];

  it('ranks a prefix above a match at a word start, that above one inside a word, that above a scattered one', () => {
    expect(fuzzyFilter(texts, 'llm', (t) => t)).toEqual(['llm-pretraining', 'team-llm-finetune', 'small-llama', 'Theme: follow system']);
  });

  it('ranks the whole text above a longer text it starts', () => {
    expect(fuzzyFilter(['bert-base-large', 'bert-base'], 'bert-base', (t) => t)).toEqual(['bert-base', 'bert-base-large']);
  });

  it('highlights the run it matched, preferring a word start', () => {
    expect(fuzzyMatch('llm', 'small-llm')?.positions).toEqual([6, 7, 8]);
    expect(fuzzyMatch('ama', 'small-llama')?.positions).toEqual([8, 9, 10]);
  });

  it('scores a subsequence below any run, however long the run’s text', () => {
    const run = fuzzyMatch('abc', `${'x'.repeat(500)}abc`)!;
    const scattered = fuzzyMatch('abc', 'a-b-c')!;
    expect(run.score).toBeGreaterThan(scattered.score);
  });
});

describe('bestMatch', () => {
  it('takes the best of several texts and says which one matched', () => {
    expect(bestMatch('cl_9f', ['llm-pretraining', 'cl_9f3a'])).toMatchObject({ index: 1, positions: [0, 1, 2, 3, 4] });
    expect(bestMatch('zzz', ['a', 'b'])).toBeNull();
  });
});
