// Whether an IPC message comes from a page we trust: the main frame of one of our
// windows, currently showing app://console. A subframe, a window we did not create, a
// page that navigated elsewhere, or a message whose frame is already gone are refused.
import { isAppUrl } from './app-origin';

/** The parts of an IpcMainEvent / IpcMainInvokeEvent the check reads. */
export type SenderEvent = {
  sender: { id: number };
  senderFrame: { parent: unknown; url: string } | null | undefined;
};

export type SenderCheck = (event: SenderEvent) => boolean;

export function createSenderCheck(isOurWebContents: (webContentsId: number) => boolean): SenderCheck {
  return (event) => {
    try {
      const frame = event.senderFrame;
      if (!frame) return false;
      if (frame.parent !== null) return false;
      if (!isOurWebContents(event.sender.id)) return false;
      return isAppUrl(frame.url);
    } catch {
      // Reading a disposed frame throws; a frame that is gone is not trusted.
      return false;
    }
  };
}
