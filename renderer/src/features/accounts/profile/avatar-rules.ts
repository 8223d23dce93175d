// The avatar's rules on the console's side, the API's own bounds (AVATAR_LIMITS): a picked
// file's size and sides, and the crop square in whole pixels of the upright image, kept inside it.
import { AVATAR_LIMITS } from '../../../../../shared/api/accounts/profile';
import type { Crop } from './profile-store';

const { maxBytes, minSide, maxSide } = AVATAR_LIMITS;

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Why the picked image cannot be an avatar, in the API's rule; null when it can. */
export function checkAvatarFile(picked: { file: { size: number }; width: number; height: number }): string | null {
  if (picked.file.size > maxBytes) return `The file is ${formatBytes(picked.file.size)}; an avatar is at most 5 MB.`;
  const { width, height } = picked;
  if (width < minSide || height < minSide || width > maxSide || height > maxSide)
    return `The picture is ${width} × ${height} px; each side must be ${minSide} to ${maxSide} px.`;
  return null;
}

/**
 * The crop square to send: the cropper's area (pixels of the image as shown, which the browser
 * turns upright as the API does) rounded to whole pixels, at least 100 px, inside the image.
 */
export function avatarCrop(area: { x: number; y: number; width: number; height: number }, image: { width: number; height: number }): Crop {
  const limit = Math.min(image.width, image.height);
  const size = Math.min(limit, Math.max(minSide, Math.round(Math.min(area.width, area.height))));
  const x = Math.min(Math.max(0, Math.round(area.x)), image.width - size);
  const y = Math.min(Math.max(0, Math.round(area.y)), image.height - size);
  return { x, y, size };
}
