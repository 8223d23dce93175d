// What a live view says of its pace under the read budget: nothing at its own pace, how often
// and why when slowed, until when when paused — with the figures of the share.
import { describe, expect, it } from 'vitest';
import { refreshPaceText } from '../../../renderer/src/components/RefreshPaceNote';

const NOW = Date.parse('2026-11-27T10:48:00.000Z');

describe('refreshPaceText', () => {
  it('says nothing at the pace the view asked for', () => {
    expect(refreshPaceText({ everyMs: 2_000, preferredMs: 2_000, state: 'live', group: 'training' }, NOW)).toBeNull();
    expect(refreshPaceText(null, NOW)).toBeNull();
  });

  it('says how often and why when slowed, with the share of the limit', () => {
    expect(refreshPaceText({ everyMs: 160_000, preferredMs: 2_000, state: 'saving', group: 'training', limit: 500, share: 45 }, NOW)).toBe(
      'Refreshing every 2 min 40 s to save your training read limit: background refresh keeps to its share (45 of your 500 an hour).',
    );
  });

  it('says until when and how long when paused', () => {
    const text = refreshPaceText(
      {
        everyMs: 721_000,
        preferredMs: 10_000,
        state: 'paused',
        group: 'clusters',
        limit: 1000,
        share: 90,
        resumeAt: Date.parse('2026-11-27T11:00:00.000Z'),
      },
      NOW,
    );
    expect(text).toMatch(
      /^Refresh paused until .+ \(in 12 min\): the console’s share of this hour’s clusters reads \(90 of your 1,000 an hour\) is spent\.$/,
    );
  });
});
