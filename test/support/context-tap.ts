// A test-only area that hands over the emulator's context (its `mount` is given it), so a bench
// can emit on the bus itself and a test can read what areas report to the context (metering),
// not through extra requests that would count as load or change state.
import { z } from 'zod';
import { defineArea } from '../../main/emulator/core/area';
import type { EmulatorContext } from '../../main/emulator/core/context';

export function contextTap(take: (ctx: EmulatorContext) => void) {
  return defineArea<null>({
    name: 'test-tap',
    operations: {},
    routes: [],
    state: {
      schema: z.null(),
      build: () => null,
      hydrate: () => null,
      dehydrate: () => null,
      record: () => undefined,
      applyRecord: () => {
        throw new Error('the test tap keeps no records');
      },
    },
    limits: { byGroup: {} },
    mount: (_app, ctx) => take(ctx),
  });
}
