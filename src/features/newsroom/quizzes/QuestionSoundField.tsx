/**
 * A question's optional sound: uploaded to the media library here (MP3, Ogg, M4A; the server recognises it
 * from its bytes and reads its length) or chosen among the library's sounds, heard in a player, removed.
 * The server takes only library sounds (or the one the quiz already has); no address is ever typed.
 */
import { FileField } from '../FileField.tsx';
import { useId, useState } from 'react';
import { type MediaSound, newsroom } from '../../../api/queries/newsroom.ts';
import type { DraftQuestion } from './quizDraft.ts';
import { editorActions } from '../editorVocabulary.ts';

type Audio = NonNullable<DraftQuestion['audio']>;

const input = 'rounded border-2 border-encre px-2 py-1';
const button = 'justify-self-start rounded border-2 border-encre px-2 py-1 text-sm font-bold';

const audioOf = (sound: MediaSound): Audio => ({ url: sound.url, mimeType: sound.mimeType, durationSeconds: sound.durationSeconds });

export function QuestionSoundField({
  label,
  audio,
  onChange,
  onError,
}: {
  /** « Question 2 » */
  label: string;
  audio: Audio | null;
  onChange: (audio: Audio | null) => void;
  onError: (message: string) => void;
}) {
  const descriptionId = useId();
  const [open, setOpen] = useState(false);
  const [description, setDescription] = useState('');
  const [library, setLibrary] = useState<MediaSound[] | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = (chosen: Audio) => {
    onChange(chosen);
    setOpen(false);
    setLibrary(null);
  };

  const upload = async (field: HTMLInputElement) => {
    const file = field.files?.[0];
    if (!file) return;
    if (description.trim() === '') {
      onError(`${label} : décrivez d'abord le son (par exemple « Rires enregistrés »).`);
      field.value = '';
      return;
    }
    setBusy(true);
    try {
      choose(audioOf(await newsroom.uploadSound(file, description.trim())));
    } catch (caught) {
      onError((caught as Error).message);
    } finally {
      setBusy(false);
      field.value = '';
    }
  };

  const openLibrary = async () => {
    try {
      setLibrary(await newsroom.sounds(24));
    } catch (caught) {
      onError((caught as Error).message);
    }
  };

  return (
    <fieldset className="grid gap-2 rounded border-2 border-encre/30 p-3" aria-busy={busy}>
      <legend className="px-1 font-bold">{label} : son (facultatif)</legend>
      {audio ? (
        <div className="flex flex-wrap items-center gap-3">
          {/* biome-ignore lint/a11y/useMediaCaption: short quiz sounds, heard by the editor who chose them */}
          <audio controls preload="metadata" src={audio.url} aria-label={`${label} : écouter le son`} />
          <span className="text-sm">{Math.round(audio.durationSeconds)} s</span>
          <button type="button" onClick={() => onChange(null)} className={button} aria-label={`${label} : retirer le son`}>
            Retirer le son
          </button>
        </div>
      ) : (
        <p className="text-sm">Aucun son.</p>
      )}
      {!open ? (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className={button}
          aria-label={`${label} : ${audio ? 'changer de son' : 'ajouter un son'}`}
        >
          {audio ? 'Changer de son' : 'Ajouter un son'}
        </button>
      ) : (
        <div className="grid gap-2">
          <label className="grid gap-1" htmlFor={descriptionId}>
            <span className="text-sm font-bold">Description du son (obligatoire pour téléverser)</span>
            <input
              id={descriptionId}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              className={input}
              maxLength={300}
            />
          </label>
          <FileField
            label="Téléverser un son (MP3, Ogg, M4A ; 10 Mo au plus)"
            accept="audio/mpeg,audio/ogg,audio/mp4,audio/x-m4a,.mp3,.ogg,.opus,.m4a"
            onFile={(field) => void upload(field)}
          />
          <div className="flex flex-wrap gap-2">
            <button type="button" onClick={() => void openLibrary()} className={button}>
              Choisir parmi les sons de la médiathèque
            </button>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                setLibrary(null);
              }}
              className={button}
            >
              {editorActions.cancel}
            </button>
          </div>
          {library ? (
            <ul aria-label={`Sons de la médiathèque — ${label}`} className="grid gap-1">
              {library.length === 0 ? <li className="text-sm">La médiathèque n'a encore aucun son.</li> : null}
              {library.map((sound) => (
                <li key={sound.id}>
                  <button
                    type="button"
                    onClick={() => choose(audioOf(sound))}
                    aria-label={`Choisir le son « ${sound.alt} »`}
                    className="rounded border-2 border-encre/40 px-2 py-1 text-left text-sm focus-visible:border-encre"
                  >
                    {sound.alt} · {Math.round(sound.durationSeconds)} s{sound.name ? ` · ${sound.name}` : ''}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </fieldset>
  );
}
