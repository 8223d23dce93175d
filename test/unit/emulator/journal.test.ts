import { describe, expect, it } from 'vitest';
import { Journal, JOURNAL_URL_MAX } from '../../../main/emulator/core/journal';

describe('journal', () => {
  it('keeps the last entries, bounded in count and in URL length, without query strings or key values', () => {
    const journal = new Journal(3);
    for (let i = 0; i < 5; i++) journal.add(i, 'GET', `/v1/clusters/c${i}?token=secret`, 200, 1, null);
    journal.add(9, 'GET', `/v2/accounts/api-keys/GPU_LIVE_AbCdEfGh_${'x'.repeat(32)}/usage${'/a'.repeat(5000)}`, 404, 1, 'key_1');
    const entries = journal.last(10);
    expect(entries.map((e) => e.path.slice(0, 16))).toEqual(['/v1/clusters/c3', '/v1/clusters/c4', '/v2/accounts/api']);
    expect(JSON.stringify(entries)).not.toContain('secret');
    expect(entries[2]!.path).not.toContain('x'.repeat(32));
    expect(entries[2]!.path.length).toBeLessThanOrEqual(JOURNAL_URL_MAX);
    expect(journal.total).toBe(6);
  });
});
