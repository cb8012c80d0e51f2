/**
 * A tiny zip writer for the Ghost reader's tests: real archives (deflate, CRC-32), and the hostile
 * ones no zip tool will make (lying sizes, escaping names, symlinks, encryption flags, a central
 * directory that announces more entries than it holds).
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntrySpec {
  name: string;
  data: Uint8Array | string;
  /** Deflate (the default) or store. */
  method?: 'deflate' | 'store';
  /** The uncompressed size the headers announce, when it must lie. */
  declaredSize?: number;
  /** The compressed size the headers announce, when it must lie (the data written is unchanged). */
  declaredCompressedSize?: number;
  /** A Unix mode for the external attributes (0o120777 makes a symlink). */
  unixMode?: number;
  encrypted?: boolean;
}

export interface ZipSpec {
  /** An entry count for the end records (written as Zip64), whatever the entries. */
  fakeEntryCount?: number;
}

export function makeZip(entries: ZipEntrySpec[], spec: ZipSpec = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = typeof entry.data === 'string' ? Buffer.from(entry.data) : Buffer.from(entry.data);
    const stored = entry.method === 'store';
    const body = stored ? raw : deflateRawSync(raw);
    const name = Buffer.from(entry.name);
    const flags = 0x800 | (entry.encrypted ? 1 : 0);
    const crc = crc32(raw);
    const size = entry.declaredSize ?? raw.length;
    const compressed = entry.declaredCompressedSize ?? body.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(stored ? 0 : 8, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(stored ? 0 : 8, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.unixMode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const count = spec.fakeEntryCount ?? entries.length;
  const tail: Buffer[] = [];
  if (count > 0xffff) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(directory.length), 40);
    record.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + directory.length), 8);
    locator.writeUInt32LE(1, 16);
    tail.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(count, 0xffff), 8);
  end.writeUInt16LE(Math.min(count, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, ...tail, end]);
}
