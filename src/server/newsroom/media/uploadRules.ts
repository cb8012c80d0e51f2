/** What an upload may be: its limits in bytes (configured in ../../config/newsroomConfig.ts), its name, its text. */

export interface UploadLimits {
  imageBytes: number;
  audioBytes: number;
}

const megabytes = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} Mo`;

export const uploadMessages = {
  type: 'Seules les images JPEG, PNG, WebP et AVIF et les sons MP3, Ogg (Opus, Vorbis) et M4A (AAC) sont acceptés.',
  imageTooLarge: (max: number) => `L'image est trop lourde : ${megabytes(max)} au plus.`,
  soundTooLarge: (max: number) => `Le son est trop lourd : ${megabytes(max)} au plus.`,
} as const;

/** C0 controls and DEL: no file name or alt text holds one, and PostgreSQL text cannot hold NUL. */
export const isControlCharacter = (c: string) => {
  const code = c.charCodeAt(0);
  return code < 32 || code === 127;
};
export const hasControlCharacter = (text: string) => [...text].some(isControlCharacter);

/** The file name a browser sent, without any path, control characters or surrounding spaces; null when nothing is left. */
export function uploadedFileName(raw: string | null | undefined): string | null {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => !isControlCharacter(c))
    .join('')
    .trim()
    .slice(0, 200)
    // A cut through an emoji leaves half of it: dropped.
    .replace(/[\ud800-\udbff]$/, '')
    .trim();
  return clean === '' ? null : clean;
}
