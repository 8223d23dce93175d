// Opens an https address outside the console: through the main process's guard in
// Electron; web mode answers {opened:false}, so the browser opens it in a new tab.
import { getBridge } from '../../../bridge';

export async function openExternal(url: string): Promise<boolean> {
  const bridge = getBridge();
  const { opened } = await bridge.invoke('shell:openExternal', { url });
  if (opened) return true;
  if (bridge.mode === 'web') {
    window.open(url, '_blank', 'noopener,noreferrer');
    return true;
  }
  return false;
}
