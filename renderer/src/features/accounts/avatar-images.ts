// Members' avatars as the console shows them: the API answers an address on the emulator or the
// platform, which the console's pages may not load (they show images from themselves and data:
// only), so main reads the picture and hands it over as a data URL ('profile:avatarImage').
// An avatar's address names one picture for good (a new upload gets a new address), so a read
// picture is kept; the cache is bounded, oldest dropped first, and a failed read is forgotten so
// the next view tries again.
import { useEffect, useState } from 'react';
import { getBridge } from '../../bridge/index';

/** Pictures kept (a team page shows a screenful of members; a picture is a few tens of KB). */
const KEPT_MAX = 200;

const images = new Map<string, Promise<string | null>>();

function keep(url: string, image: Promise<string | null>): Promise<string | null> {
  images.delete(url);
  images.set(url, image);
  if (images.size > KEPT_MAX) images.delete(images.keys().next().value!);
  return image;
}

/** The picture at `url` as a data URL; null when it cannot be read (the initials are shown instead). */
function avatarImage(url: string): Promise<string | null> {
  const kept = images.get(url);
  if (kept) return kept;
  return keep(
    url,
    getBridge()
      .invoke('profile:avatarImage', { url })
      .then(
        ({ image }) => image,
        () => {
          images.delete(url);
          return null;
        },
      ),
  );
}

/** Keeps a picture the console already has (the one just uploaded), so it is not read back. */
export function rememberAvatarImage(url: string, image: string): void {
  keep(url, Promise.resolve(image));
}

/** The picture for `url` once read; null while reading, without an address, or when it cannot be read. */
export function useAvatarImage(url: string | null): string | null {
  const [shown, setShown] = useState<{ url: string; image: string | null } | null>(null);
  useEffect(() => {
    if (url === null) return;
    let live = true;
    void avatarImage(url).then((image) => {
      if (live) setShown({ url, image });
    });
    return () => {
      live = false;
    };
  }, [url]);
  return url !== null && shown?.url === url ? shown.image : null;
}
