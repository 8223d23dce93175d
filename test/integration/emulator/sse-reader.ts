// Reading a Server-Sent Events answer in tests: the frames as they arrive (id, event, data,
// comment, retry), read until a condition holds, then cancel — the cluster and endpoint log
// streams share one framing (docs/decisions.md, Logs).

export interface Frame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
  retry?: string;
}

/** An SSE reader over a fetch Response: frames as they arrive, and cancel. */
export function sseReader(res: Response) {
  const r = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const frames: Frame[] = [];
  const parse = (block: string) => {
    const f: Frame = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) f.comment = (f.comment ? f.comment + '\n' : '') + line.slice(1).trim();
      else {
        const i = line.indexOf(':');
        const name = line.slice(0, i) as keyof Frame;
        f[name] = line.slice(i + 1).replace(/^ /, '');
      }
    }
    frames.push(f);
  };
  return {
    frames,
    /** Reads until `until` holds for the frames read so far. */
    async readUntil(until: (frames: Frame[]) => boolean): Promise<Frame[]> {
      while (!until(frames)) {
        const { value, done } = await r.read();
        if (done) throw new Error('the stream ended');
        buffer += decoder.decode(value, { stream: true });
        let i: number;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          parse(buffer.slice(0, i));
          buffer = buffer.slice(i + 2);
        }
      }
      return frames;
    },
    cancel: () => r.cancel(),
  };
}
