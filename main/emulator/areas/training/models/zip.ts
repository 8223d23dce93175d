// A zip archive of model files, laid out ahead so its size is known and any byte range of it can
// be served (docs/decisions.md, Training: models — downloads): entries STOREd (weights do not
// compress), CRC-32s computed without reading the files (crc32.ts), UTF-8 names, and ZIP64
// records (APPNOTE 6.3, 4.3.9, 4.3.14–15, 4.5.3) once a size, an offset or the count passes the
// classic fields. No zip writer is among the dependencies; this is the whole of one.
import { bufferContent, concatContent, type Content } from './content';

export interface ZipEntry {
  name: string;
  content: Content;
}

const U32 = 0xffffffff;
const U16 = 0xffff;

/** MS-DOS time and date of a UTC instant (zip has no zone; 1980 at the earliest). */
function dosTime(ms: number): { time: number; date: number } {
  const d = new Date(Math.max(ms, Date.UTC(1980, 0, 1)));
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((Math.min(d.getUTCFullYear(), 2107) - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

function zip64Extra(values: readonly number[]): Buffer {
  if (values.length === 0) return Buffer.alloc(0);
  const b = Buffer.alloc(4 + 8 * values.length);
  b.writeUInt16LE(0x0001, 0);
  b.writeUInt16LE(8 * values.length, 2);
  values.forEach((v, i) => b.writeBigUInt64LE(BigInt(v), 4 + 8 * i));
  return b;
}

/** The archive of `entries` (names unique), every entry dated `modifiedAt`. */
export function zipArchive(entries: readonly ZipEntry[], modifiedAt: number): Content {
  const { time, date } = dosTime(modifiedAt);
  const parts: Content[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const size = e.content.size;
    const crc = e.content.crc32();
    const big = size >= U32;
    const localExtra = zip64Extra(big ? [size, size] : []);
    const local = Buffer.alloc(30 + name.length + localExtra.length);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(big ? 45 : 20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(big ? U32 : size, 18);
    local.writeUInt32LE(big ? U32 : size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(localExtra.length, 28);
    name.copy(local, 30);
    localExtra.copy(local, 30 + name.length);
    parts.push(bufferContent(local), e.content);

    const farOffset = offset >= U32;
    const centralExtra = zip64Extra([...(big ? [size, size] : []), ...(farOffset ? [offset] : [])]);
    const c = Buffer.alloc(46 + name.length + centralExtra.length);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE((3 << 8) | 45, 4); // made by: Unix, 4.5
    c.writeUInt16LE(big || farOffset ? 45 : 20, 6);
    c.writeUInt16LE(0x0800, 8);
    c.writeUInt16LE(0, 10);
    c.writeUInt16LE(time, 12);
    c.writeUInt16LE(date, 14);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(big ? U32 : size, 20);
    c.writeUInt32LE(big ? U32 : size, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt16LE(centralExtra.length, 30);
    // comment length, disk number, internal attributes: 0
    c.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
    c.writeUInt32LE(farOffset ? U32 : offset, 42);
    name.copy(c, 46);
    centralExtra.copy(c, 46 + name.length);
    central.push(c);
    offset += local.length + size;
  }
  const cd = Buffer.concat(central);
  const cdOffset = offset;
  const count = entries.length;
  const zip64 = count >= U16 || cd.length >= U32 || cdOffset >= U32;
  const tail: Buffer[] = [cd];
  if (zip64) {
    const rec = Buffer.alloc(56);
    rec.writeUInt32LE(0x06064b50, 0);
    rec.writeBigUInt64LE(44n, 4); // size of the rest of the record
    rec.writeUInt16LE((3 << 8) | 45, 12);
    rec.writeUInt16LE(45, 14);
    // disk numbers: 0
    rec.writeBigUInt64LE(BigInt(count), 24);
    rec.writeBigUInt64LE(BigInt(count), 32);
    rec.writeBigUInt64LE(BigInt(cd.length), 40);
    rec.writeBigUInt64LE(BigInt(cdOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(cdOffset + cd.length), 8);
    locator.writeUInt32LE(1, 16); // total disks
    tail.push(rec, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(count, U16), 8);
  end.writeUInt16LE(Math.min(count, U16), 10);
  end.writeUInt32LE(Math.min(cd.length, U32), 12);
  end.writeUInt32LE(Math.min(cdOffset, U32), 16);
  tail.push(end);
  parts.push(bufferContent(Buffer.concat(tail)));
  return concatContent(parts);
}
