// For dialogs loaded on first use: false until `open` is first true, then true for good,
// so the dialog's code loads only when needed and its closing transition still plays.
import { useState } from 'react';

export function useMountedOnce(open: boolean): boolean {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  return mounted || open;
}
