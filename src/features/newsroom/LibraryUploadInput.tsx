/**
 * "Téléverser une image": a file sent to the media library with its alternative text (the library keeps
 * one per image), then handed to the field that asked. Shared by the formats' images (LibraryImageFields)
 * and the images kept as an address alone (LibraryAddressField).
 */
import { type MediaItem, newsroom } from '../../api/queries/newsroom.ts';
import { FileField, imageTypes } from './FileField.tsx';

export interface LibraryUploadProps {
  /** The alternative text the image goes into the library with: required before a file is sent. */
  alt: string;
  onUploaded: (media: MediaItem) => void;
  run: (work: () => Promise<void>) => Promise<void>;
  say: (text: string, error: boolean) => void;
}

export function LibraryUploadInput({ alt, onUploaded, run, say }: LibraryUploadProps) {
  const upload = (field: HTMLInputElement) => {
    const file = field.files?.[0];
    if (!file) return;
    if (alt.trim() === '') {
      say("Écrivez d'abord le texte alternatif de l'image.", true);
      field.value = '';
      return;
    }
    void run(async () => {
      onUploaded(await newsroom.upload(file, alt));
      say('Image ajoutée à la médiathèque.', false);
    });
  };
  return <FileField label="Téléverser une image (JPEG, PNG, WebP, AVIF)" accept={imageTypes} onFile={upload} />;
}
