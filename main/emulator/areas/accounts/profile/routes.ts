// The profile routes (01-accounts.md, Endpoints: Profile): the caller's own profile — the member
// behind the key — read and updated in part, its preferences, and its avatar. Any active member
// edits their own (docs/decisions.md, Profile). The name is the member's (the team shows it: the
// `members` record); the rest is their stored profile (the `profiles` record).
import type { FastifyRequest } from 'fastify';
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import type { ProfilePreferences } from '../../../../../shared/api/accounts/profile';
import { defineRoute } from '../../../core/route-def';
import { accountRecord } from '../records';
import { accountsOf, AREA } from '../state';
import { avatarImage } from './avatar-image';
import { dropRest, readAvatarForm } from './avatar-form';
import { avatarAddress, avatarsOf, newAvatarId } from './avatar-store';
import { callerOf, editableProfileOf, originOf, preferencesOf, profileView } from './view';

export const profileRoutes = [
  defineRoute(ops['profile.get'], (ctx, { key, headers }) => {
    const accounts = accountsOf(ctx.store);
    return profileView(accounts, callerOf(accounts, key), originOf(headers));
  }),

  defineRoute(ops['profile.update'], (ctx, { key, headers, body, now }) => {
    const accounts = accountsOf(ctx.store);
    const m = callerOf(accounts, key);
    const { name, ...own } = body;
    if (name !== undefined && name !== m.name) {
      m.name = name;
      ctx.store.touch(AREA, accountRecord.members);
    }
    const p = editableProfileOf(accounts, m.id, now);
    for (const [field, value] of Object.entries(own)) if (value !== undefined) (p as Record<string, unknown>)[field] = value;
    p.updatedAt = now;
    ctx.store.touch(AREA, accountRecord.profiles);
    return profileView(accounts, m, originOf(headers));
  }),

  defineRoute(ops['profile.preferences'], (ctx, { key, body, now }) => {
    const accounts = accountsOf(ctx.store);
    const m = callerOf(accounts, key);
    const p = editableProfileOf(accounts, m.id, now);
    const next: ProfilePreferences = { ...preferencesOf(accounts, p) };
    for (const [field, value] of Object.entries(body)) if (value !== undefined) (next as Record<string, unknown>)[field] = value;
    p.preferences = next;
    p.updatedAt = now;
    ctx.store.touch(AREA, accountRecord.profiles);
    return next;
  }),

  defineRoute(ops['profile.avatar'], async (ctx, { key, headers, body }) => {
    // The route's body is the request itself, read here as it arrives (core/routes.ts: multipart).
    const req = body as unknown as FastifyRequest;
    let form;
    try {
      form = await readAvatarForm(req);
    } catch (e) {
      dropRest(ctx, req);
      throw e;
    }
    const png = await avatarImage(form.file, form.crop);
    const id = newAvatarId();
    const avatars = avatarsOf(ctx);
    await avatars.put(id, png);
    // After the awaits: the member and their profile as they are now.
    const accounts = accountsOf(ctx.store);
    const m = callerOf(accounts, key);
    const now = ctx.clock.now();
    const p = editableProfileOf(accounts, m.id, now);
    const previous = p.avatarId;
    p.avatarId = id;
    p.updatedAt = now;
    ctx.store.touch(AREA, accountRecord.profiles);
    if (previous !== null) await avatars.remove(previous);
    return { avatar: avatarAddress(originOf(headers), id), message: 'Avatar updated: a 512×512 PNG cropped to a square' };
  }),
];
