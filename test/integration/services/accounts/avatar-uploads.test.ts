// The avatar upload through the bridge channels with the real embedded emulator (issue 20): the
// renderer's chunks go to main, main sends the multipart form with the profile's key and reads
// the new avatar back as a data URL; refusals come back as the API's errors; the key never
// appears in what the renderer receives.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCallResponse, BridgeResult } from '../../../../shared/ipc/contract';
import type { AvatarUploadProgress } from '../../../../shared/ipc/avatar-uploads';
import { chunkRanges } from '../../../../shared/ipc/dataset-uploads';
import { dispatch } from '../../../../shared/ipc/dispatch';
import { createServices, type Services } from '../../../../main/services';
import { MemorySecretStore } from '../../../../main/vault/memory-secret-store';

let dataDir: string;
let services: Services;
const received: unknown[] = [];

async function invoke<T>(channel: string, request: unknown): Promise<T> {
  const result = (await dispatch(services.handlers, channel, request)) as BridgeResult<T>;
  received.push(result);
  if (!result.ok) throw Object.assign(new Error(result.error.message), { normalized: result.error });
  return result.value;
}

async function uploadAvatar(bytes: Uint8Array, crop: { x: number; y: number; size: number } | null): Promise<AvatarUploadProgress[]> {
  const begin = await invoke<{ uploadId: string; chunkBytes: number }>('profile:avatarBegin', {
    name: 'me.png',
    size: bytes.byteLength,
    crop,
  });
  const answers: AvatarUploadProgress[] = [];
  for (const [start, end] of chunkRanges(bytes.byteLength, begin.chunkBytes))
    answers.push(await invoke('profile:avatarChunk', { uploadId: begin.uploadId, offset: start, data: bytes.subarray(start, end) }));
  return answers;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'gpc-avatars-'));
  services = await createServices({ mode: 'web', dataDir, secretStore: new MemorySecretStore(), emulator: { seed: 11 } });
});

afterAll(async () => {
  await services.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe('avatar uploads through the bridge', () => {
  it('sends the file in chunks with progress, applies the crop, and answers the new avatar as a data URL', async () => {
    // 1200 × 900 of noise (over one chunk as PNG), its top-left square of 300 px pure red.
    const noise = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    const red = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 255, g: 0, b: 0 } } })
      .png()
      .toBuffer();
    const png = new Uint8Array(
      await sharp(noise)
        .composite([{ input: red, left: 0, top: 0 }])
        .png()
        .toBuffer(),
    );
    expect(png.byteLength).toBeGreaterThan(512 * 1024);
    const answers = await uploadAvatar(png, { x: 0, y: 0, size: 300 });
    expect(answers.length).toBeGreaterThan(1);
    expect(answers.slice(0, -1).every((a) => a.result === null && a.received < a.size)).toBe(true);
    const last = answers.at(-1)!.result!;
    expect(last.avatar).toMatch(/\/_avatars\/ava_[A-Za-z0-9]{16}\.png$/);
    expect(last.image.startsWith('data:image/png;base64,')).toBe(true);
    const image = Buffer.from(last.image.slice('data:image/png;base64,'.length), 'base64');
    const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([512, 512]);
    expect([data[0], data[1], data[2]]).toEqual([255, 0, 0]);
    const profile = (await invoke<ApiCallResponse>('api:call', { op: 'profile.get', input: {} })).data as { avatar: string };
    expect(profile.avatar).toBe(last.avatar);
    // The same image again, by its address.
    expect((await invoke<{ image: string }>('profile:avatarImage', { url: last.avatar })).image).toBe(last.image);
  });

  it("answers the API's refusal of a file that is not an image", async () => {
    const text = new Uint8Array(Buffer.from('not a picture at all\n'.repeat(20)));
    await expect(uploadAvatar(text, null)).rejects.toMatchObject({ normalized: { code: 'INVALID_FILE_TYPE', status: 415 } });
  });

  it('refuses a file announced over 5 MB, chunks out of order, and an address off the profile’s server', async () => {
    await expect(invoke('profile:avatarBegin', { name: 'big.png', size: 6 * 1024 * 1024, crop: null })).rejects.toThrow();
    const begin = await invoke<{ uploadId: string }>('profile:avatarBegin', { name: 'a.png', size: 10, crop: null });
    await expect(invoke('profile:avatarChunk', { uploadId: begin.uploadId, offset: 5, data: new Uint8Array(5) })).rejects.toThrow(
      /in order/,
    );
    await expect(invoke('profile:avatarImage', { url: 'https://elsewhere.example/_avatars/x.png' })).rejects.toThrow(
      /not on the active profile/,
    );
  });

  it('never hands the renderer the key', async () => {
    const key = services.emulator.ownerKey;
    expect(JSON.stringify(received)).not.toContain(key);
  });
});
