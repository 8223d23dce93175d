// For dialogs whose code is loaded when first wanted: true from the first time `open` is, so the
// dialog mounts then and stays mounted after (it can animate closed and open again at once).
import { useState } from 'react';

export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Set during render (React's pattern for state derived from a change).
  if (open && !opened) setOpened(true);
  return opened || open;
}
