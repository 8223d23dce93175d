// The avatar upload (issue 20): a 2048×2048 JPEG photo-like image (smooth gradients under
// noise, ~0.5 MB) posted as multipart to the in-process emulator — the form read as it arrives,
// the type sniffed, the header checked, EXIF orientation applied, the centred square cropped,
// resized to 512 px and encoded as PNG, stored — against decoding the same JPEG alone with sharp
// (the floor of any processing), measured in the same run.
// Run alone: npx tsx test/bench/avatar.ts
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createEmulator } from '../../main/emulator';
import { timeEachAsync } from './timing';

const OWNER = 'gpu_live_BenchAva_0123456789abcdefghijABCDEFGHIJ01';
const RUNS = 15;

export interface AvatarBench {
  bytes: number;
  /** Median ms of the whole upload, answer included. */
  uploadMs: number;
  /** Median ms of decoding the JPEG to pixels alone: the baseline. */
  decodeMs: number;
}

async function photo(): Promise<Buffer> {
  const side = 2048;
  const gradient = Buffer.alloc(side * side * 3);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const at = (y * side + x) * 3;
      gradient[at] = (x * 255) / side;
      gradient[at + 1] = (y * 255) / side;
      gradient[at + 2] = ((x + y) * 127) / side;
    }
  const noise = await sharp({
    create: { width: side, height: side, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 0, sigma: 12 } },
  })
    .raw()
    .toBuffer();
  for (let i = 0; i < gradient.length; i++) gradient[i] = Math.min(255, gradient[i]! + noise[i]!);
  return sharp(gradient, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export async function benchAvatar(): Promise<AvatarBench> {
  const jpeg = await photo();
  const emulator = createEmulator({ seed: 42, ownerKey: OWNER });
  try {
    const upload = async () => {
      const form = new FormData();
      form.append('avatar', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
      const res = await emulator.fetch(
        new Request('http://emulator.local/v2/accounts/profile/avatar', {
          method: 'POST',
          headers: { authorization: `Bearer ${OWNER}` },
          body: form,
        }),
      );
      if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    };
    await upload(); // warm: sharp's first use loads libvips
    const uploadMs = await timeEachAsync(RUNS, upload);
    const decodeMs = await timeEachAsync(RUNS, async () => {
      await sharp(jpeg).raw().toBuffer();
    });
    return { bytes: jpeg.length, uploadMs, decodeMs };
  } finally {
    await emulator.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await benchAvatar());
