import { describe, expect, it } from 'vitest';
import { paletteEntries } from '../../../renderer/src/shell/palette/entries';
import type { FeatureCommand, SearchGroup } from '../../../renderer/src/features/registry';

const noop = () => {};
const command = (id: string, title: string): FeatureCommand => ({ id, title, group: 'Appearance', run: noop });
const commands = [command('theme:system', 'Theme: follow system'), command('go:clusters', 'Go to Clusters')];
const groups: SearchGroup[] = [
  {
    label: 'Clusters',
    items: [
      { id: 'cluster:cl_1', title: 'llm-pretraining', keywords: ['cl_1'], run: noop },
      { id: 'cluster:cl_2', title: 'vision-finetune', keywords: ['cl_2'], run: noop },
    ],
  },
  { label: 'Secrets of llm-pretraining', items: [{ id: 'secret:cl_1:hf-token', title: 'hf-token', run: noop }], note: 'open cluster only' },
];

describe('paletteEntries', () => {
  it('lists only the commands while nothing is typed', () => {
    expect(paletteEntries(commands, groups, '  ').map((e) => e.id)).toEqual(['theme:system', 'go:clusters']);
  });

  it('ranks a resource whose name starts with the query above a command that only contains its letters', () => {
    const ids = paletteEntries(commands, groups, 'llm').map((e) => e.id);
    expect(ids[0]).toBe('cluster:cl_1');
    expect(ids).toContain('theme:system');
    expect(ids.indexOf('cluster:cl_1')).toBeLessThan(ids.indexOf('theme:system'));
  });

  it('finds a resource by its id, shows the id and highlights nothing in the title', () => {
    const [first] = paletteEntries(commands, groups, 'cl_2');
    expect(first).toMatchObject({ id: 'cluster:cl_2', detail: 'cl_2', positions: [], caption: 'Clusters' });
  });

  it('captions a resource with its group', () => {
    expect(paletteEntries(commands, groups, 'hf-t')[0]).toMatchObject({
      id: 'secret:cl_1:hf-token',
      caption: 'Secrets of llm-pretraining',
    });
  });
});
