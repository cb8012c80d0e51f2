/**
 * Deterministic short jingles served as `/media/audio/<key>.wav`: mono, 16-bit PCM, 8 kHz,
 * 2 to 4 whole seconds, a few soft sine notes of a pentatonic scale chosen from the key.
 */
import { hashKey, seededRandom } from './hash.ts';

export const WAV_SAMPLE_RATE = 8000;
export const WAV_BITS_PER_SAMPLE = 16;
export const WAV_CHANNELS = 1;
export const WAV_HEADER_BYTES = 44;

/** Site-relative URL of a generated jingle. */
export function wavAudioUrl(key: string): string {
  return `/media/audio/${key}.wav`;
}

/** Duration in whole seconds (2, 3 or 4) of the jingle of `key`; matches `renderWavAudio(key)`. */
export function audioDurationSeconds(key: string): number {
  return 2 + (hashKey(`audio/${key}`) % 3);
}

// C major pentatonic over two octaves (C4..A5), in Hz.
const SCALE = [261.63, 293.66, 329.63, 392.0, 440.0, 523.25, 587.33, 659.25, 783.99, 880.0] as const;

function writeAscii(view: DataView, offset: number, text: string): void {
  for (let index = 0; index < text.length; index += 1) view.setUint8(offset + index, text.charCodeAt(index));
}

export function renderWavAudio(key: string): Uint8Array {
  const seconds = audioDurationSeconds(key);
  const random = seededRandom(hashKey(`audio/${key}`) ^ 0x51ed270b);
  const sampleCount = WAV_SAMPLE_RATE * seconds;
  const dataBytes = sampleCount * (WAV_BITS_PER_SAMPLE / 8) * WAV_CHANNELS;
  const buffer = new ArrayBuffer(WAV_HEADER_BYTES + dataBytes);
  const view = new DataView(buffer);

  writeAscii(view, 0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  writeAscii(view, 8, 'WAVE');
  writeAscii(view, 12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, WAV_CHANNELS, true);
  view.setUint32(24, WAV_SAMPLE_RATE, true);
  view.setUint32(28, WAV_SAMPLE_RATE * WAV_CHANNELS * (WAV_BITS_PER_SAMPLE / 8), true); // byte rate
  view.setUint16(32, WAV_CHANNELS * (WAV_BITS_PER_SAMPLE / 8), true); // block align
  view.setUint16(34, WAV_BITS_PER_SAMPLE, true);
  writeAscii(view, 36, 'data');
  view.setUint32(40, dataBytes, true);

  // A little melody: 4 to 8 notes, moving by small steps, the last one held.
  const noteCount = 4 + Math.floor(random() * 5);
  const notes: number[] = [];
  let degree = Math.floor(random() * 5);
  for (let index = 0; index < noteCount; index += 1) {
    notes.push(SCALE[degree] ?? 440);
    degree = Math.min(SCALE.length - 1, Math.max(0, degree + Math.floor(random() * 5) - 2));
  }
  const noteSamples = Math.floor(sampleCount / noteCount);
  const attack = Math.floor(WAV_SAMPLE_RATE * 0.01);
  const amplitude = 0.32 * 32767;

  for (let sample = 0; sample < sampleCount; sample += 1) {
    const noteIndex = Math.min(noteCount - 1, Math.floor(sample / noteSamples));
    const frequency = notes[noteIndex] ?? 440;
    const local = sample - noteIndex * noteSamples;
    const length = noteIndex === noteCount - 1 ? sampleCount - noteIndex * noteSamples : noteSamples;
    const t = local / WAV_SAMPLE_RATE;
    // Short attack, exponential decay, and a fade at the very end of each note to avoid clicks.
    const envelope = Math.min(1, local / attack) * Math.exp((-3 * local) / length) * Math.min(1, (length - local) / attack);
    const tone = Math.sin(2 * Math.PI * frequency * t) * 0.8 + Math.sin(4 * Math.PI * frequency * t) * 0.2;
    view.setInt16(WAV_HEADER_BYTES + sample * 2, Math.round(tone * envelope * amplitude), true);
  }
  return new Uint8Array(buffer);
}
