// The pure parts of dataset uploads over the bridge: chunk ranges, part boundaries, and the
// binary WebSocket message that carries a chunk as bytes (not JSON numbers or base64).
import { describe, expect, it } from 'vitest';
import { chunkRanges, partAt } from '../../../shared/ipc/dataset-uploads';
import { binaryFieldOf, encodeBinaryInvoke } from '../../../shared/ipc/wire';
import { decodeBinaryInvoke } from '../../../shared/ipc/wire-checks';

describe('chunk planner', () => {
  it('cuts a file into ordered chunks, the last one the rest', () => {
    expect(chunkRanges(10, 4)).toEqual([
      [0, 4],
      [4, 8],
      [8, 10],
    ]);
    expect(chunkRanges(8, 4)).toEqual([
      [0, 4],
      [4, 8],
    ]);
    expect(chunkRanges(0, 4)).toEqual([]);
  });

  it('finds the part a byte is in (single upload: one part, the file)', () => {
    expect(partAt(0, 20, 8)).toEqual({ partNumber: 1, start: 0, end: 8 });
    expect(partAt(8, 20, 8)).toEqual({ partNumber: 2, start: 8, end: 16 });
    expect(partAt(19, 20, 8)).toEqual({ partNumber: 3, start: 16, end: 20 });
    expect(partAt(5, 20, null)).toEqual({ partNumber: 1, start: 0, end: 20 });
  });
});

describe('binary invoke messages', () => {
  it('carries the bytes as they are, after a length-prefixed JSON header', () => {
    const bytes = Uint8Array.from([0, 255, 10, 13, 128]);
    const frame = encodeBinaryInvoke(
      { type: 'invoke', id: 7, channel: 'datasets:uploadChunk', request: { uploadId: 'up_x', offset: 3, note: 'é✓' }, binaryField: 'data' },
      bytes,
    );
    // The payload costs its own size plus the header: no base64, no number list.
    expect(frame.byteLength).toBeLessThan(bytes.byteLength + 200);
    const decoded = decodeBinaryInvoke(frame)!;
    expect(decoded.header).toMatchObject({ id: 7, channel: 'datasets:uploadChunk', binaryField: 'data' });
    expect(decoded.request).toMatchObject({ uploadId: 'up_x', offset: 3, note: 'é✓' });
    expect([...(decoded.request.data as Uint8Array)]).toEqual([0, 255, 10, 13, 128]);
  });

  it('refuses malformed frames', () => {
    expect(decodeBinaryInvoke(new Uint8Array([0, 0]))).toBeNull();
    expect(decodeBinaryInvoke(Uint8Array.from([0, 0, 0, 50, 1, 2]))).toBeNull();
    const notJson = Uint8Array.from([0, 0, 0, 2, 0x7b, 0x7b]);
    expect(decodeBinaryInvoke(notJson)).toBeNull();
    const wrong = encodeBinaryInvoke({ type: 'invoke', id: 1, channel: 'x', request: {}, binaryField: 'data' }, new Uint8Array(1));
    wrong[wrong.indexOf(0x69)] = 0x78; // "invoke" → "xnvoke"
    expect(decodeBinaryInvoke(wrong)).toBeNull();
  });

  it('finds the field holding bytes', () => {
    expect(binaryFieldOf({ a: 1, data: new Uint8Array(2) })).toBe('data');
    expect(binaryFieldOf({ a: [1, 2] })).toBeNull();
    expect(binaryFieldOf(null)).toBeNull();
  });
});
