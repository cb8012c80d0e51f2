/**
 * Tiny sounds built byte by byte for tests: silent but well-formed enough for the media library's sniffing
 * (src/server/newsroom/media/audioFiles.ts) — MP3 frames, Ogg Opus pages, an M4A's boxes. No file to commit, no tool.
 */

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const text = (s: string) => new TextEncoder().encode(s);
const be32 = (n: number) => new Uint8Array([(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
const le32 = (n: number) => new Uint8Array([n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff]);
const le16 = (n: number) => new Uint8Array([n & 0xff, (n >>> 8) & 0xff]);

/** MPEG-1 layer III, 128 kbit/s, 44.1 kHz: 417-byte frames of 1152 samples; `frames` of them (38 ≈ 1 s). */
export function mp3Bytes(frames = 38): Uint8Array {
  const frame = new Uint8Array(417);
  frame.set([0xff, 0xfb, 0x90, 0x00]);
  return concat(...Array.from({ length: frames }, () => frame));
}

function oggPage(headerType: number, granule: number, sequence: number, packet: Uint8Array): Uint8Array {
  const segments: number[] = [];
  let left = packet.length;
  while (left >= 255) {
    segments.push(255);
    left -= 255;
  }
  segments.push(left);
  return concat(
    text('OggS'),
    new Uint8Array([0, headerType]),
    le32(granule),
    le32(0),
    le32(0x5049_5155),
    le32(sequence),
    le32(0),
    new Uint8Array([segments.length, ...segments]),
    packet,
  );
}

/** An Ogg Opus file of `seconds` (48 kHz granules, a pre-skip of 312). */
export function oggOpusBytes(seconds = 2): Uint8Array {
  const head = concat(text('OpusHead'), new Uint8Array([1, 1]), le16(312), le32(48000), le16(0), new Uint8Array([0]));
  const tags = concat(text('OpusTags'), le32(4), text('test'), le32(0));
  return concat(oggPage(0x02, 0, 0, head), oggPage(0x00, 0, 1, tags), oggPage(0x04, 312 + seconds * 48000, 2, new Uint8Array(40)));
}

const box = (type: string, ...content: Uint8Array[]) => {
  const body = concat(...content);
  return concat(be32(8 + body.length), text(type), body);
};

/** An M4A (AAC) file's boxes: ftyp M4A, a movie header of `seconds`, one sound track (or a video one). */
export function m4aBytes(seconds = 3, handler: 'soun' | 'vide' = 'soun'): Uint8Array {
  const mvhd = box('mvhd', new Uint8Array(4), be32(0), be32(0), be32(1000), be32(seconds * 1000), new Uint8Array(80));
  const hdlr = box('hdlr', new Uint8Array(4), be32(0), text(handler), new Uint8Array(12), new Uint8Array([0]));
  return concat(
    box('ftyp', text('M4A '), be32(0), text('M4A '), text('isom')),
    box('moov', mvhd, box('trak', box('mdia', hdlr))),
    box('mdat', new Uint8Array(64)),
  );
}
