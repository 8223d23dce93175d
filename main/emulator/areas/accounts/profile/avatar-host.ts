// Serves avatars at their public address (`/_avatars/<id>.png`), outside the API and its keys,
// like a platform's avatar CDN: an address is unguessable (16 random characters), never changes
// content (a new upload has a new id), so it is cached for good. Counted against the caller's
// address like other keyless routes (passOpenGate).
import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../../../core/context';
import { notFound } from '../../../core/errors';
import { passOpenGate, sendBody, sendError } from '../../../core/pipeline';
import { AVATAR_PREFIX, avatarsOf, isAvatarId } from './avatar-store';

export function mountAvatarHost(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get(`${AVATAR_PREFIX}/:file`, async (req, reply) => {
    if (!passOpenGate(ctx, req, reply)) return;
    const file = (req.params as { file: string }).file;
    const id = file.endsWith('.png') ? file.slice(0, -4) : '';
    const png = isAvatarId(id) ? await avatarsOf(ctx).get(id) : null;
    if (png === null) return sendError(ctx, reply, notFound(req.url.split('?')[0]!));
    sendBody(ctx, req, reply, 200, png, {
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
  });
}
