// The profile routes over real HTTP (issue 20): the caller's own profile and preferences with
// every bound refused on its field with the rule, and the avatar upload from real JPEG, PNG and
// GIF files made here with sharp — type by content, 5 MB refused as the bytes arrive, sides
// checked after decoding, EXIF orientation applied, the crop square, the served image.
import { request as httpRequest } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Profile, ProfilePreferences } from '../../../../shared/api/accounts/profile';
import { ListTeamMembersResponse } from '../../../../shared/api/accounts/team';
import { AREAS } from '../../../../main/emulator/areas';
import { buildWorld } from '../../../../main/emulator/world/builder';
import { checkedFetch, makeCall, OWNER, startCli, type CliProcess, type Target } from '../harness';

const RED = { r: 255, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };
const GREEN = { r: 0, g: 255, b: 0 };

/** A width × height image, its left half `left` and right half `right`. */
async function halves(width: number, height: number, left: object, right: object) {
  const half = await sharp({ create: { width: width - Math.floor(width / 2), height, channels: 3, background: right } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: left } }).composite([
    { input: half, left: Math.floor(width / 2), top: 0 },
  ]);
}

/** The RGB of one pixel of a PNG. */
async function pixel(png: Buffer, x: number, y: number) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 3;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
}

const near = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }) =>
  Math.abs(a.r - b.r) < 40 && Math.abs(a.g - b.g) < 40 && Math.abs(a.b - b.b) < 40;

describe('profile and avatar (http)', () => {
  let cli: CliProcess;
  let t: Target;
  let keys: Record<string, string>;

  beforeAll(async () => {
    cli = await startCli(['--port', '0', '--seed', '42', '--owner-key', OWNER]);
    keys = buildWorld(AREAS, 42, Date.now()).seededKeys;
    t = { name: 'http', ownerKey: cli.ownerKey, keys, call: makeCall((r) => fetch(r), cli.url, cli.ownerKey), close: async () => {} };
  });
  afterAll(async () => {
    await cli.stop();
  });

  /** POSTs a multipart form (fields in order, the file last unless given first) with a key. */
  const upload = (form: FormData, key = cli.ownerKey) =>
    checkedFetch(`${cli.url}/v2/accounts/profile/avatar`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
  const fileForm = (bytes: Buffer, name: string, type: string, fields: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('avatar', new Blob([new Uint8Array(bytes)], { type }), name);
    return form;
  };
  const served = async (address: string) => {
    const res = await fetch(address);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toContain('immutable');
    return Buffer.from(await res.arrayBuffer());
  };

  it("reads the caller's own profile: the owner key's is the owner's, a member's key is theirs", async () => {
    const members = ListTeamMembersResponse.parse((await t.call('GET', '/v2/accounts/team/members')).body).members;
    const owner = Profile.parse((await t.call('GET', '/v2/accounts/profile')).body);
    expect(owner.id).toBe(members.find((m) => m.role === 'owner')!.id);
    expect(owner).toMatchObject({ avatar: null, bio: null, verified: true, plan: 'pro' });
    expect(owner.preferences).toEqual({
      timezone: 'UTC',
      language: 'en',
      theme: 'light',
      emailNotifications: true,
      chatNotifications: false,
    });
    const dev = Profile.parse((await t.call('GET', '/v2/accounts/profile', { key: keys.developer })).body);
    expect(dev.id).toBe(members.find((m) => m.role === 'developer' && m.status === 'active')!.id);
  });

  it('updates fields in part; the name is the one the team shows; null clears a field', async () => {
    const r = await t.call('PUT', '/v2/accounts/profile', {
      key: keys.developer,
      body: { name: '  Ada Lovelace ', bio: 'Engines.', website: 'https://ada.example.org/notes', social: '@ada', code_host: 'ada-l' },
    });
    expect(r.status).toBe(200);
    const p = Profile.parse(r.body);
    expect(p).toMatchObject({
      name: 'Ada Lovelace',
      bio: 'Engines.',
      website: 'https://ada.example.org/notes',
      social: '@ada',
      code_host: 'ada-l',
    });
    const members = ListTeamMembersResponse.parse((await t.call('GET', '/v2/accounts/team/members')).body).members;
    expect(members.find((m) => m.id === p.id)!.name).toBe('Ada Lovelace');
    const cleared = Profile.parse((await t.call('PUT', '/v2/accounts/profile', { key: keys.developer, body: { bio: null } })).body);
    expect(cleared).toMatchObject({ bio: null, website: 'https://ada.example.org/notes' });
    // The owner's own profile did not change.
    expect(Profile.parse((await t.call('GET', '/v2/accounts/profile')).body).bio).toBeNull();
  });

  it.each([
    [{ name: '' }, 'name', 'at least 1 character'],
    [{ name: '   ' }, 'name', 'at least 1 character'],
    [{ name: 'x'.repeat(101) }, 'name', 'at most 100 characters'],
    [{ name: null }, 'name', 'text of 1 to 100 characters'],
    [{ bio: 'x'.repeat(501) }, 'bio', 'at most 500 characters'],
    [{ location: 'x'.repeat(101) }, 'location', 'at most 100 characters'],
    [{ website: 'example.com' }, 'website', 'a full http or https address'],
    [{ website: 'ftp://example.com' }, 'website', 'a full http or https address'],
    [{ social: 'has space' }, 'social', 'a handle'],
    [{ code_host: '-bad-' }, 'code_host', 'letters, digits and single hyphens'],
    [{ code_host: 'x'.repeat(40) }, 'code_host', 'at most 39 characters'],
    [{ email: 'a@b.c' }, 'email', 'unknown field'],
  ])('refuses %j on its field with the rule', async (body, field, rule) => {
    const r = await t.call('PUT', '/v2/accounts/profile', { body });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('VALIDATION_ERROR');
    expect(r.body.details.field).toBe(field);
    expect(r.body.details.reason).toContain(rule);
  });

  it('updates preferences in part and refuses each bound on its field', async () => {
    const r = await t.call('PUT', '/v2/accounts/profile/preferences', {
      key: keys.developer,
      body: { timezone: 'Europe/Paris', theme: 'dark' },
    });
    expect(r.status).toBe(200);
    expect(ProfilePreferences.parse(r.body)).toMatchObject({ timezone: 'Europe/Paris', theme: 'dark', language: 'en' });
    const p = Profile.parse((await t.call('GET', '/v2/accounts/profile', { key: keys.developer })).body);
    expect(p.preferences).toMatchObject({ timezone: 'Europe/Paris', theme: 'dark' });
    for (const [body, field, rule] of [
      [{ timezone: 'Mars/Olympus' }, 'timezone', 'IANA time zone'],
      [{ timezone: '+01:00' }, 'timezone', 'IANA time zone'],
      [{ theme: 'auto' }, 'theme', 'one of light, dark'],
      [{ language: 'it' }, 'language', 'one of en, es'],
      [{ emailNotifications: 'yes' }, 'emailNotifications', 'true or false'],
    ] as const) {
      const bad = await t.call('PUT', '/v2/accounts/profile/preferences', { body });
      expect(bad.status).toBe(400);
      expect(bad.body.details).toMatchObject({ field });
      expect(bad.body.details.reason).toContain(rule);
    }
  });

  it('a read-only key cannot change the profile', async () => {
    const created = await t.call('POST', '/v2/accounts/api-keys', {
      body: { name: 'read only', permissions: ['read'], scopes: ['accounts'] },
    });
    expect(created.status).toBe(201);
    const r = await t.call('PUT', '/v2/accounts/profile', { key: created.body.key, body: { bio: 'no' } });
    expect(r.status).toBe(403);
  });

  it('takes a PNG, crops it to the centred square and serves a 512 px PNG at the answered address', async () => {
    // 400×200: left half red, right half blue; the centred square is x 100–300: half red, half blue.
    const png = await (await halves(400, 200, RED, BLUE)).png().toBuffer();
    const r = await upload(fileForm(png, 'me.png', 'image/png'));
    expect(r.status).toBe(200);
    const body = (await r.json()) as { avatar: string; message: string };
    expect(body.avatar).toMatch(/\/_avatars\/ava_[A-Za-z0-9]{16}\.png$/);
    const image = await served(body.avatar);
    const meta = await sharp(image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 512]);
    expect(near(await pixel(image, 10, 256), RED)).toBe(true);
    expect(near(await pixel(image, 500, 256), BLUE)).toBe(true);
    const me = Profile.parse((await t.call('GET', '/v2/accounts/profile')).body);
    expect(me.avatar).toBe(body.avatar);
    // The team shows the same picture: in the list and in the member's detail.
    const members = ListTeamMembersResponse.parse((await t.call('GET', '/v2/accounts/team/members')).body).members;
    expect(members.find((m) => m.id === me.id)!.avatar).toBe(body.avatar);
    expect(members.filter((m) => m.avatar !== null)).toHaveLength(1);
    const detail = (await t.call('GET', `/v2/accounts/team/members/${me.id}`)).body as { member: { avatar: string | null } };
    expect(detail.member.avatar).toBe(body.avatar);
  });

  it('replaces the previous avatar: its address is gone, the new one is served', async () => {
    const before = Profile.parse((await t.call('GET', '/v2/accounts/profile')).body).avatar!;
    const png = await sharp({ create: { width: 120, height: 120, channels: 3, background: GREEN } })
      .png()
      .toBuffer();
    const r = await upload(fileForm(png, 'g.png', 'image/png'));
    expect(r.status).toBe(200);
    const { avatar } = (await r.json()) as { avatar: string };
    expect(avatar).not.toBe(before);
    expect((await fetch(before)).status).toBe(404);
    expect(near(await pixel(await served(avatar), 256, 256), GREEN)).toBe(true);
  });

  it('turns a JPEG with EXIF orientation 6 upright before cropping', async () => {
    // Stored 300×200 (red left, blue right), shown rotated a quarter turn clockwise: 200×300,
    // red on top, blue below. The centred square of the upright image is red above, blue below.
    const jpeg = await (await halves(300, 200, RED, BLUE)).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const r = await upload(fileForm(jpeg, 'photo.jpg', 'image/jpeg'));
    expect(r.status).toBe(200);
    const image = await served(((await r.json()) as { avatar: string }).avatar);
    expect(near(await pixel(image, 256, 20), RED)).toBe(true);
    expect(near(await pixel(image, 256, 490), BLUE)).toBe(true);
    expect(near(await pixel(image, 20, 20), RED)).toBe(true);
  });

  it('takes the crop square the request names, in pixels of the upright image', async () => {
    // 400×300: left half green, right half blue; the square (0, 0, 150) is all green, (250, 100, 150) all blue.
    const png = await (await halves(400, 300, GREEN, BLUE)).png().toBuffer();
    const green = await upload(fileForm(png, 'a.png', 'image/png', { crop_x: '0', crop_y: '0', crop_size: '150' }));
    expect(green.status).toBe(200);
    const g = await served(((await green.json()) as { avatar: string }).avatar);
    expect(near(await pixel(g, 500, 500), GREEN)).toBe(true);
    const blue = await upload(fileForm(png, 'a.png', 'image/png', { crop_x: '250', crop_y: '100', crop_size: '150' }));
    const b = await served(((await blue.json()) as { avatar: string }).avatar);
    expect(near(await pixel(b, 10, 10), BLUE)).toBe(true);
  });

  it.each([
    [{ crop_x: '300', crop_y: '0', crop_size: '150' }, 'crop_size', 'must lie inside the upright image of 400×300'],
    [{ crop_x: '0', crop_y: '0', crop_size: '50' }, 'crop_size', 'from 100 to 2048'],
    [{ crop_x: '-1', crop_y: '0', crop_size: '150' }, 'crop_x', 'a whole number of pixels'],
    [{ crop_x: '1.5', crop_y: '0', crop_size: '150' }, 'crop_x', 'a whole number of pixels'],
    [{ crop_x: '0', crop_size: '150' }, 'crop_y', 'give all three or none'],
    [{ colour: 'red' }, 'colour', 'not a field of the upload'],
  ])('refuses the crop fields %j on their field', async (fields, field, rule) => {
    const png = await (await halves(400, 300, GREEN, BLUE)).png().toBuffer();
    const r = await upload(fileForm(png, 'a.png', 'image/png', fields));
    expect(r.status).toBe(400);
    const body = (await r.json()) as { error: string; details: { field: string; reason: string } };
    expect(body.error).toBe('VALIDATION_ERROR');
    expect(body.details.field).toBe(field);
    expect(body.details.reason).toContain(rule);
  });

  it('decides the type from the content: a GIF named .png is taken as the GIF it is', async () => {
    const gif = await sharp({ create: { width: 150, height: 150, channels: 3, background: BLUE } })
      .gif()
      .toBuffer();
    expect(gif.subarray(0, 3).toString()).toBe('GIF');
    const r = await upload(fileForm(gif, 'not-really.png', 'image/png'));
    expect(r.status).toBe(200);
    const image = await served(((await r.json()) as { avatar: string }).avatar);
    expect(near(await pixel(image, 256, 256), BLUE)).toBe(true);
  });

  it('refuses a text file named .jpg with 415 INVALID_FILE_TYPE, and a JSON body with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const text = Buffer.from('This is not a picture, whatever its name says.\n'.repeat(10));
    const r = await upload(fileForm(text, 'photo.jpg', 'image/jpeg'));
    expect(r.status).toBe(415);
    expect(await r.json()).toMatchObject({
      error: 'INVALID_FILE_TYPE',
      details: { allowedTypes: ['image/jpeg', 'image/png', 'image/gif'], receivedType: 'text/plain' },
    });
    const webp = await sharp({ create: { width: 150, height: 150, channels: 3, background: RED } })
      .webp()
      .toBuffer();
    const w = await upload(fileForm(webp, 'a.jpg', 'image/jpeg'));
    expect(w.status).toBe(415);
    expect(((await w.json()) as { details: { receivedType: string } }).details.receivedType).toBe('image/webp');
    const json = await t.call('POST', '/v2/accounts/profile/avatar', { body: { avatar: 'x' } });
    expect(json.status).toBe(415);
    expect(json.body.error).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(json.body.details.allowedTypes).toEqual(['multipart/form-data']);
  });

  it('refuses an image under 100 px or over 2048 px a side after decoding, on the avatar field', async () => {
    const small = await sharp({ create: { width: 50, height: 50, channels: 3, background: RED } })
      .png()
      .toBuffer();
    const r = await upload(fileForm(small, 'small.png', 'image/png'));
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error: 'VALIDATION_ERROR', details: { field: 'avatar' } });
    const wide = await sharp({ create: { width: 2100, height: 200, channels: 3, background: RED } })
      .jpeg()
      .toBuffer();
    const w = await upload(fileForm(wide, 'wide.jpg', 'image/jpeg'));
    expect(w.status).toBe(400);
    expect(((await w.json()) as { details: { reason: string } }).details.reason).toContain('100 to 2048 pixels; this image is 2100×200');
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    const b = await upload(fileForm(broken, 'broken.png', 'image/png'));
    expect(b.status).toBe(400);
    expect(((await b.json()) as { details: { field: string } }).details.field).toBe('avatar');
  });

  /**
   * Sends a multipart head and `sent` bytes of a file of `declared` bytes, then waits for the
   * answer without sending the rest: the server must answer before it has the whole body.
   */
  function partialUpload(options: { sent: number; declared: number | null }): Promise<{ status: number; body: unknown }> {
    const boundary = 'test-boundary-0123456789';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const start = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = {
        authorization: `Bearer ${cli.ownerKey}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      };
      if (options.declared !== null) headers['content-length'] = String(head.length + options.declared + boundary.length + 8);
      const req = httpRequest(`${cli.url}/v2/accounts/profile/avatar`, { method: 'POST', headers }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode!, body: JSON.parse(text) });
        });
      });
      req.on('error', (e) => (e.message.includes('EPIPE') || e.message.includes('ECONNRESET') ? undefined : reject(e)));
      req.write(head);
      req.write(start);
      const chunk = Buffer.alloc(64 * 1024, 1);
      for (let n = start.length; n < options.sent; n += chunk.length) req.write(chunk);
      // Never ended: the rest of the file is not sent until the answer came (it never comes).
    });
  }

  it('refuses a 6 MB file with 413 from its declared length, before reading it', async () => {
    const r = await partialUpload({ sent: 64 * 1024, declared: 6 * 1024 * 1024 });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ error: 'FILE_TOO_LARGE', details: { maxSize: 5 * 1024 * 1024 } });
    expect((r.body as { details: { receivedSize: number } }).details.receivedSize).toBeGreaterThan(6 * 1024 * 1024);
  });

  it('refuses a file sent without a length once it passes 5 MB, without waiting for the rest', async () => {
    const r = await partialUpload({ sent: 5 * 1024 * 1024 + 256 * 1024, declared: null });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ error: 'FILE_TOO_LARGE', details: { maxSize: 5 * 1024 * 1024 } });
    // The emulator still answers afterwards.
    expect((await t.call('GET', '/v2/accounts/profile')).status).toBe(200);
  });

  it('serves no avatar for an unknown or malformed address', async () => {
    expect((await fetch(`${cli.url}/_avatars/ava_0000000000000000.png`)).status).toBe(404);
    expect((await fetch(`${cli.url}/_avatars/..%2Fsnapshot.json`)).status).toBe(404);
  });
});
