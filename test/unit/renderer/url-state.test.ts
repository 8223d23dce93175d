import { describe, expect, it } from 'vitest';
import {
  BURST_MS,
  continuesBurst,
  formatSort,
  hashWithParams,
  parseList,
  parseSort,
  pathWithParams,
  readParams,
} from '../../../renderer/src/platform/navigation/url-state';
import { parseHash } from '../../../renderer/src/platform/navigation/hash-router';

const DEFAULTS = { q: '', status: '', sort: '' };

describe('URL state of a list', () => {
  it('reads its parameters from the hash query, defaults for the missing and empty ones', () => {
    const { query } = parseHash('#/clusters?q=llm&status=&other=1');
    expect(readParams(query, DEFAULTS)).toEqual({ q: 'llm', status: '', sort: '' });
    expect(readParams(parseHash('#/templates').query, { sort_by: 'name' })).toEqual({ sort_by: 'name' });
  });

  it('writes a patch into the query, keeping the path and the other parameters', () => {
    expect(hashWithParams('#/clusters?status=running', { q: 'llm pre' })).toBe('#/clusters?status=running&q=llm+pre');
    expect(hashWithParams('#/clusters/cl_1/secrets', { q: 'a&b=c' })).toBe('#/clusters/cl_1/secrets?q=a%26b%3Dc');
  });

  it('leaves empty, null and default values out of the address, and undefined ones untouched', () => {
    expect(hashWithParams('#/clusters?q=llm&status=running', { q: '', status: null })).toBe('#/clusters');
    expect(hashWithParams('#/templates?sort_by=rating', { sort_by: 'name' }, { sort_by: 'name' })).toBe('#/templates');
    expect(hashWithParams('#/clusters?q=llm', { status: undefined })).toBe('#/clusters?q=llm');
  });

  it('round-trips values with reserved characters', () => {
    const hash = hashWithParams('#/api-keys', { q: 'ci/cd #1 & more' });
    expect(readParams(parseHash(hash).query, DEFAULTS).q).toBe('ci/cd #1 & more');
  });

  it('builds a link into a filtered list', () => {
    expect(pathWithParams('/clusters/cl_1/secrets', { q: 'hf-token' })).toBe('/clusters/cl_1/secrets?q=hf-token');
  });

  it('writes a sort as the column id, descending with a minus', () => {
    expect(formatSort({ columnId: 'cost', direction: 'desc' })).toBe('-cost');
    expect(parseSort('-cost')).toEqual({ columnId: 'cost', direction: 'desc' });
    expect(parseSort('name')).toEqual({ columnId: 'name', direction: 'asc' });
    expect(parseSort('')).toBeNull();
    expect(parseSort('-')).toBeNull();
  });

  it('reads a comma-separated list without empties', () => {
    expect(parseList('running,,error')).toEqual(['running', 'error']);
    expect(parseList('')).toEqual([]);
  });

  it('continues a typing burst only for the same parameters within the burst time', () => {
    const last = { keys: '/clusters|q', at: 10_000 };
    expect(continuesBurst(last, '/clusters|q', 10_000 + BURST_MS - 1)).toBe(true);
    expect(continuesBurst(last, '/clusters|q', 10_000 + BURST_MS)).toBe(false);
    expect(continuesBurst(last, '/api-keys|q', 10_100)).toBe(false);
    expect(continuesBurst(null, '/clusters|q', 10_100)).toBe(false);
  });
});
