// An unexpected exception is a bare 500 INTERNAL_ERROR in the account envelope: no message,
// stack or value from inside leaks out, and the defect is reported to the owner.
import { afterAll, expect, it } from 'vitest';
import { z } from 'zod';
import { createEmulator } from '../../../main/emulator';
import { AREAS } from '../../../main/emulator/areas';
import { defineArea } from '../../../main/emulator/core/area';
import { defineRoute } from '../../../main/emulator/core/route-def';
import { defineOperation } from '../../../shared/api/operation';

const boom = defineRoute(
  defineOperation({
    id: 'test.boom',
    method: 'GET',
    path: '/v2/test/boom',
    limitGroup: 'accounts',
    envelope: 'account',
    access: 'read',
    scope: null,
    summary: 'throws',
    response: z.object({}),
  }),
  () => {
    throw new Error('secret internals at /home/op/.keys');
  },
);
/** An area of one route that throws, served beside the real ones. */
const boomArea = defineArea<Record<string, never>>({
  name: 'boom',
  operations: { 'test.boom': boom.op },
  routes: [boom],
  state: {
    schema: z.object({}),
    build: () => ({}),
    hydrate: () => ({}),
    dehydrate: (live) => live,
    record: () => undefined,
    applyRecord: () => {},
  },
  limits: { byGroup: { accounts: 'tier-only' } },
});
const defects: unknown[] = [];
const emulator = createEmulator({ seed: 1, onDefect: (e: unknown) => defects.push(e), areas: [...AREAS, boomArea] });
afterAll(() => emulator.close());

it('answers 500 INTERNAL_ERROR without internals', async () => {
  const res = await emulator.fetch(
    new Request('http://emulator/v2/test/boom', { headers: { authorization: `Bearer ${emulator.ownerKey}` } }),
  );
  expect(res.status).toBe(500);
  const text = await res.text();
  expect(JSON.parse(text)).toEqual({ error: 'INTERNAL_ERROR', message: 'The emulator hit an internal error' });
  expect(text).not.toContain('secret');
  expect(res.headers.get('x-ratelimit-window')).toBe('3600');
  expect(defects).toHaveLength(1);
});
