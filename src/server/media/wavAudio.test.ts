import { describe, expect, it } from 'vitest';
import { audioDurationSeconds, renderWavAudio, WAV_HEADER_BYTES, WAV_SAMPLE_RATE } from './wavAudio.ts';

const ascii = (bytes: Uint8Array, start: number, length: number): string => String.fromCharCode(...bytes.subarray(start, start + length));

describe('renderWavAudio', () => {
  for (const key of ['quel-parfum-vous-ressemble-q3', 'a', 'quelle-playlist-pour-votre-dimanche-q5']) {
    it(`writes a valid RIFF/WAVE PCM file for ${key}`, () => {
      const wav = renderWavAudio(key);
      const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
      const seconds = audioDurationSeconds(key);
      const dataBytes = WAV_SAMPLE_RATE * seconds * 2;
      expect(seconds).toBeGreaterThanOrEqual(2);
      expect(seconds).toBeLessThanOrEqual(4);
      expect(ascii(wav, 0, 4)).toBe('RIFF');
      expect(view.getUint32(4, true)).toBe(wav.byteLength - 8);
      expect(ascii(wav, 8, 4)).toBe('WAVE');
      expect(ascii(wav, 12, 4)).toBe('fmt ');
      expect(view.getUint32(16, true)).toBe(16);
      expect(view.getUint16(20, true)).toBe(1); // PCM
      expect(view.getUint16(22, true)).toBe(1); // mono
      expect(view.getUint32(24, true)).toBe(WAV_SAMPLE_RATE);
      expect(view.getUint32(28, true)).toBe(WAV_SAMPLE_RATE * 2);
      expect(view.getUint16(32, true)).toBe(2);
      expect(view.getUint16(34, true)).toBe(16);
      expect(ascii(wav, 36, 4)).toBe('data');
      expect(view.getUint32(40, true)).toBe(dataBytes);
      expect(wav.byteLength).toBe(WAV_HEADER_BYTES + dataBytes);
      let peak = 0;
      for (let offset = WAV_HEADER_BYTES; offset < wav.byteLength; offset += 2)
        peak = Math.max(peak, Math.abs(view.getInt16(offset, true)));
      expect(peak).toBeGreaterThan(3000);
      expect(peak).toBeLessThan(32767);
    });
  }

  it('is deterministic and depends on the key', () => {
    expect(renderWavAudio('jingle')).toEqual(renderWavAudio('jingle'));
    const other = renderWavAudio('autre-jingle');
    const same = renderWavAudio('jingle');
    expect(other.length === same.length && other.every((byte, index) => byte === same[index])).toBe(false);
  });
});
