// `GET /`: what this server is, for someone who points a browser or curl at it. Needs no
// key (it tells how to get further); everything else, the OpenAPI document included, does.
// Not an operation of the API: it is outside the OpenAPI document (docs/decisions.md).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { readAppVersion } from '../../app-version';
import { EMULATED_API_VERSION, EMULATOR_NAME } from '../core/openapi';
import type { EmulatorContext } from '../core/context';
import { passOpenGate, sendJson } from '../core/pipeline';
import type { RouteTable } from '../core/route-table';

/**
 * What `GET /` answers (the contract check of the tests holds replies to it).
 * @internal Exported for its tests only.
 */
export const RootDocument = z.strictObject({
  name: z.string(),
  version: z.string(),
  apiVersion: z.string(),
  openapi: z.string(),
  health: z.string(),
  authentication: z.string(),
});

/** The answer to `GET /`; `version` is the console's (package.json), `apiVersion` that of the OpenAPI document. */
const rootDocument = (): z.infer<typeof RootDocument> => ({
  name: EMULATOR_NAME,
  version: readAppVersion(),
  apiVersion: EMULATED_API_VERSION,
  openapi: '/_emulator/openapi.json',
  health: '/_emulator/health',
  authentication:
    'Every other route needs an API key, sent as "Authorization: Bearer <key>". The OpenAPI document and the /_emulator/ routes need the owner key: the standalone emulator prints it when it starts.',
});

export function registerRoot(app: FastifyInstance, ctx: EmulatorContext, table: RouteTable): void {
  const body = JSON.stringify(rootDocument());
  // Other methods on `/` get 405 with Allow: GET, like any known path.
  table.add('GET', '/', 'account');
  app.get('/', (req, reply) => {
    if (passOpenGate(ctx, req, reply)) sendJson(ctx, req, reply, 200, body);
  });
}
