/**
 * Sounds the media library takes (a quiz question's audio), recognised by their bytes only — never by the
 * name or the type a browser sent — and their length read from the file itself:
 * - MP3: MPEG audio layer III frames (after an optional ID3v2 tag), walked frame by frame;
 * - Ogg: Opus or Vorbis, the last page's granule position over the sample rate;
 * - M4A: an MP4 file with a sound track and no video track, its movie header's duration over its timescale.
 * Anything else (HTML, an image, a video, a renamed file) is not a sound here.
 */

export type AudioFormat = 'mp3' | 'ogg' | 'm4a';

export interface SniffedAudio {
  format: AudioFormat;
  mimeType: 'audio/mpeg' | 'audio/ogg' | 'audio/mp4';
  durationSeconds: number;
}

export const audioMimeTypes: Record<AudioFormat, SniffedAudio['mimeType']> = { mp3: 'audio/mpeg', ogg: 'audio/ogg', m4a: 'audio/mp4' };

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));
const u32 = (b: Uint8Array, at: number) =>
  (((b[at] ?? 0) << 24) | ((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0)) >>> 0;
const u32le = (b: Uint8Array, at: number) =>
  (((b[at + 3] ?? 0) << 24) | ((b[at + 2] ?? 0) << 16) | ((b[at + 1] ?? 0) << 8) | (b[at] ?? 0)) >>> 0;
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);

const rounded = (seconds: number) => Math.round(seconds * 1000) / 1000;

// --- MP3 ---------------------------------------------------------------------------------------------------

/** kbit/s by bitrate index, layer III: MPEG-1, then MPEG-2 and 2.5. */
const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES = { 1: [44100, 48000, 32000], 2: [22050, 24000, 16000], 25: [11025, 12000, 8000] } as const;

interface Mp3Frame {
  length: number;
  samples: number;
  sampleRate: number;
}

/** The layer III frame header at `at`, or null (free-format and reserved values refused). */
function mp3Frame(b: Uint8Array, at: number): Mp3Frame | null {
  if (at + 4 > b.length || b[at] !== 0xff || ((b[at + 1] ?? 0) & 0xe0) !== 0xe0) return null;
  const versionBits = ((b[at + 1] ?? 0) >> 3) & 0x03;
  const layerBits = ((b[at + 1] ?? 0) >> 1) & 0x03;
  const bitrateIndex = ((b[at + 2] ?? 0) >> 4) & 0x0f;
  const rateIndex = ((b[at + 2] ?? 0) >> 2) & 0x03;
  const padding = ((b[at + 2] ?? 0) >> 1) & 0x01;
  if (versionBits === 1 || layerBits !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const version = versionBits === 3 ? 1 : versionBits === 2 ? 2 : 25;
  const kbps = (version === 1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex] ?? 0;
  const sampleRate = SAMPLE_RATES[version][rateIndex] ?? 0;
  const samples = version === 1 ? 1152 : 576;
  const length = Math.floor(((samples / 8) * kbps * 1000) / sampleRate) + padding;
  return { length, samples, sampleRate };
}

function sniffMp3(b: Uint8Array): SniffedAudio | null {
  let at = 0;
  if (ascii(b, 0, 3) === 'ID3' && b.length >= 10) {
    // The tag's size is "syncsafe": 7 bits per byte.
    const size = (((b[6] ?? 0) & 0x7f) << 21) | (((b[7] ?? 0) & 0x7f) << 14) | (((b[8] ?? 0) & 0x7f) << 7) | ((b[9] ?? 0) & 0x7f);
    at = 10 + size + (((b[5] ?? 0) & 0x10) !== 0 ? 10 : 0);
  }
  const start = at;
  let samples = 0;
  let sampleRate = 0;
  let frames = 0;
  for (let frame = mp3Frame(b, at); frame && at + frame.length <= b.length; frame = mp3Frame(b, at)) {
    samples += frame.samples;
    sampleRate = frame.sampleRate;
    frames++;
    at += frame.length;
  }
  // Frames must make up the file (an ID3v1 tag, a cut last frame may follow): a valid header glued to
  // something else is not a sound.
  if (frames === 0 || at - start < (b.length - start) / 2) return null;
  return { format: 'mp3', mimeType: 'audio/mpeg', durationSeconds: rounded(samples / sampleRate) };
}

// --- Ogg -------------------------------------------------------------------------------------------------

function sniffOgg(b: Uint8Array): SniffedAudio | null {
  if (ascii(b, 0, 4) !== 'OggS' || b[4] !== 0 || b.length < 28) return null;
  const firstSegments = b[26] ?? 0;
  const firstPacket = 27 + firstSegments;
  const serial = u32le(b, 14);
  let rate: number;
  let preSkip = 0;
  if (ascii(b, firstPacket, firstPacket + 8) === 'OpusHead') {
    rate = 48000;
    preSkip = u16le(b, firstPacket + 10);
  } else if (b[firstPacket] === 1 && ascii(b, firstPacket + 1, firstPacket + 7) === 'vorbis') {
    rate = u32le(b, firstPacket + 12);
  } else {
    return null;
  }
  if (rate === 0) return null;
  // Every page, in order, each one whole: the last granule of the first stream is its length in samples.
  let at = 0;
  let granule = 0;
  while (at < b.length) {
    if (ascii(b, at, at + 4) !== 'OggS' || at + 27 > b.length) return null;
    const segments = b[at + 26] ?? 0;
    let body = 0;
    for (let i = 0; i < segments; i++) body += b[at + 27 + i] ?? 0;
    const end = at + 27 + segments + body;
    if (end > b.length) return null;
    const low = u32le(b, at + 6);
    const high = u32le(b, at + 10);
    // -1: no packet ends on this page.
    if (u32le(b, at + 14) === serial && !(low === 0xffffffff && high === 0xffffffff)) granule = high * 2 ** 32 + low;
    at = end;
  }
  return { format: 'ogg', mimeType: 'audio/ogg', durationSeconds: rounded(Math.max(0, granule - preSkip) / rate) };
}

// --- M4A -------------------------------------------------------------------------------------------------

const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'mp42', 'mp41', 'isom', 'iso2', 'iso5', 'iso6', 'dash']);
const CONTAINERS = new Set(['moov', 'trak', 'mdia']);

interface Boxes {
  duration: number | null;
  handlers: string[];
}

/** Walks boxes from `from` to `to`, into moov/trak/mdia: the movie's duration and each track's handler. */
function walkBoxes(b: Uint8Array, from: number, to: number, found: Boxes, depth = 0): boolean {
  let at = from;
  while (at + 8 <= to) {
    let size = u32(b, at);
    const type = ascii(b, at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = u32(b, at + 8) * 2 ** 32 + u32(b, at + 12);
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) return false;
    if (type === 'mvhd') {
      const version = b[at + header] ?? 0;
      const timescale = version === 1 ? u32(b, at + header + 20) : u32(b, at + header + 12);
      const duration = version === 1 ? u32(b, at + header + 24) * 2 ** 32 + u32(b, at + header + 28) : u32(b, at + header + 16);
      if (timescale > 0) found.duration = duration / timescale;
    } else if (type === 'hdlr') {
      found.handlers.push(ascii(b, at + header + 8, at + header + 12));
    } else if (CONTAINERS.has(type) && depth < 4) {
      if (!walkBoxes(b, at + header, at + size, found, depth + 1)) return false;
    }
    at += size;
  }
  return true;
}

function sniffM4a(b: Uint8Array): SniffedAudio | null {
  if (ascii(b, 4, 8) !== 'ftyp') return null;
  const ftypSize = u32(b, 0);
  const brands = [ascii(b, 8, 12)];
  for (let at = 16; at + 4 <= Math.min(ftypSize, b.length, 256); at += 4) brands.push(ascii(b, at, at + 4));
  if (!brands.some((brand) => AUDIO_BRANDS.has(brand)) || brands.some((brand) => brand === 'avif' || brand === 'avis')) return null;
  const found: Boxes = { duration: null, handlers: [] };
  if (!walkBoxes(b, 0, b.length, found)) return null;
  // A sound track, and no picture: a video renamed .m4a is not a sound.
  if (found.duration === null || !found.handlers.includes('soun') || found.handlers.includes('vide')) return null;
  return { format: 'm4a', mimeType: 'audio/mp4', durationSeconds: rounded(found.duration) };
}

/** The sound these bytes are, with its length, or null. */
export function sniffAudio(bytes: Uint8Array): SniffedAudio | null {
  if (bytes.length < 8) return null;
  return sniffOgg(bytes) ?? sniffM4a(bytes) ?? sniffMp3(bytes);
}
