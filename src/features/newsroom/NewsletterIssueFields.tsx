/**
 * What composing and editing an issue share: its words (subject, preview text, intro, which newsletter)
 * and the articles picked by hand — searched among the published ones, added, removed and put in order
 * with buttons (keyboard first: no drag and drop).
 */
import { type KeyboardEvent, useId, useState } from 'react';
import { appConfig } from '../../../app.config.ts';
import { NewsroomError, newsroom } from '../../api/queries/newsroom.ts';
import { moved } from './listOrder.ts';
import { MoveButtons } from './MoveButtons.tsx';

export const fieldClass = 'rounded border-2 border-encre px-2 py-1';
export const buttonClass = 'rounded border-2 border-encre px-3 py-1 font-bold disabled:opacity-50';
export const primaryButtonClass = 'rounded bg-encre px-4 py-2 font-bold text-white disabled:opacity-50';

/** The contract's newsletter types with their names (app.config.ts), in order. */
export const newsletterTypes = Object.entries(appConfig.newsletter.types).map(([value, name]) => ({ value: Number(value) as 1 | 2, name }));

export interface IssueWords {
  subject: string;
  preheader: string;
  intro: string;
  newsletterType: 1 | 2;
}

/** The words of the form (named fields), as the contract wants them. */
export function issueWordsOf(form: HTMLFormElement): IssueWords {
  const data = new FormData(form);
  const type = Number(data.get('newsletterType'));
  return {
    subject: String(data.get('subject') ?? '').trim(),
    preheader: String(data.get('preheader') ?? '').trim(),
    intro: String(data.get('intro') ?? '').trim(),
    newsletterType: type === 2 ? 2 : 1,
  };
}

/** Subject, preview text, intro and newsletter: uncontrolled fields, read with issueWordsOf. */
export function IssueWordsFields({ initial }: { initial?: IssueWords }) {
  const helpId = useId();
  return (
    <>
      <label className="grid gap-1">
        <span className="text-sm font-bold">Objet du mail</span>
        <input name="subject" required maxLength={200} defaultValue={initial?.subject} className={fieldClass} />
      </label>
      <label className="grid gap-1">
        <span className="text-sm font-bold">Texte d’aperçu</span>
        <input name="preheader" maxLength={200} defaultValue={initial?.preheader} aria-describedby={helpId} className={fieldClass} />
        <span id={helpId} className="text-sm">
          Affiché après l’objet dans la boîte de réception.
        </span>
      </label>
      <label className="grid gap-1">
        <span className="text-sm font-bold">Introduction</span>
        <textarea name="intro" rows={5} maxLength={5000} defaultValue={initial?.intro} className={fieldClass} />
      </label>
      <label className="grid gap-1">
        <span className="text-sm font-bold">Newsletter</span>
        <select name="newsletterType" defaultValue={initial?.newsletterType ?? appConfig.newsletter.defaultType} className={fieldClass}>
          {newsletterTypes.map((type) => (
            <option key={type.value} value={type.value}>
              {type.name}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

export interface PickedArticle {
  id: number;
  title: string;
}

/**
 * The articles of the issue, in order, and a search among the published ones to add more. It lives
 * inside the issue's form: the search is a button (and Enter in its field), never a nested form.
 */
export function ArticlePicker({ picked, onChange }: { picked: PickedArticle[]; onChange: (next: PickedArticle[]) => void }) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<PickedArticle[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [said, setSaid] = useState('');

  const search = async () => {
    setSearching(true);
    try {
      const page = await newsroom.articles({ q: query.trim() || undefined, status: 'published', limit: 10 });
      setFound(page.results.map((article) => ({ id: article.id, title: article.title })));
      setSaid(
        `${page.results.length} article${page.results.length > 1 ? 's' : ''} publié${page.results.length > 1 ? 's' : ''} trouvé${page.results.length > 1 ? 's' : ''}.`,
      );
    } catch (caught) {
      setSaid(caught instanceof NewsroomError ? caught.message : 'La recherche a échoué.');
    } finally {
      setSearching(false);
    }
  };

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void search();
  };

  const add = (article: PickedArticle) => {
    if (picked.some((p) => p.id === article.id)) return;
    onChange([...picked, article]);
    setSaid(`« ${article.title} » ajouté en position ${picked.length + 1}.`);
  };
  const remove = (index: number) => {
    const article = picked[index];
    onChange(picked.filter((_, i) => i !== index));
    if (article) setSaid(`« ${article.title} » retiré.`);
  };
  const move = (index: number, by: -1 | 1) => {
    const taken = picked[index];
    if (!taken) return;
    onChange(moved(picked, index, by));
    setSaid(`« ${taken.title} » en position ${index + by + 1}.`);
  };

  return (
    <div className="grid gap-3">
      <p aria-live="polite" className="min-h-6 text-sm">
        {said}
      </p>
      {picked.length === 0 ? (
        <p className="italic">Aucun article choisi.</p>
      ) : (
        <ol aria-label="Articles du numéro" className="grid gap-2">
          {picked.map((article, index) => (
            <li key={article.id} className="flex flex-wrap items-center gap-2 rounded border border-encre/30 p-2">
              <span className="min-w-0 flex-1">
                {index + 1}. {article.title}
              </span>
              <MoveButtons
                what={`« ${article.title} »`}
                index={index}
                count={picked.length}
                onMove={(by) => move(index, by)}
                onRemove={() => remove(index)}
              />
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <label htmlFor={searchId} className="grid flex-1 gap-1">
          <span className="text-sm font-bold">Chercher un article publié</span>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onSearchKey}
            className={fieldClass}
          />
        </label>
        <button type="button" onClick={() => void search()} disabled={searching} className={buttonClass}>
          Chercher
        </button>
      </div>
      {found && found.length > 0 ? (
        <ul aria-label="Articles publiés trouvés" className="grid gap-1">
          {found.map((article) => {
            const already = picked.some((p) => p.id === article.id);
            return (
              <li key={article.id} className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 flex-1">{article.title}</span>
                <button
                  type="button"
                  disabled={already || picked.length >= 30}
                  onClick={() => add(article)}
                  className="rounded border px-2 py-1 text-sm disabled:opacity-50"
                >
                  {already ? 'Déjà choisi' : 'Ajouter'} <span className="sr-only">« {article.title} »</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
