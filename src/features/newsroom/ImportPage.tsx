import { frenchStamp } from '../../lib/frenchDates.ts';
import { useEffect, useState } from 'react';
import {
  type AdminCategory,
  type ImportRun,
  type ImportSourceKind,
  NewsroomError,
  newsroom,
  type PageData,
} from '../../api/queries/newsroom.ts';
import { SelectField, slugChoices } from './SelectField.tsx';
import { TableHead } from './TableHead.tsx';

const POLL_MS = 1000;

const statusLabels: Record<ImportRun['status'], string> = {
  queued: 'En attente',
  running: 'En cours',
  done: 'Terminé',
  failed: 'Refusé',
};

const kindLabels: Record<string, string> = {
  author: 'Signatures',
  category: 'Rubriques',
  tag: 'Tags',
  post: 'Articles',
  page: 'Pages',
  comment: 'Commentaires',
  menu: 'Menus',
};

const outcomeLabels = { imported: 'importé', updated: 'mis à jour', unchanged: 'inchangé', skipped: 'ignoré', failed: 'en échec' } as const;

/** Imports from WordPress or Ghost (admins): send the export, follow the run, read the report. */
export function ImportPage({ loaded }: { loaded: PageData<{ runs: ImportRun[]; categories: AdminCategory[] }> }) {
  const [runs, setRuns] = useState<ImportRun[]>(loaded.data?.runs ?? []);
  const [current, setCurrent] = useState<ImportRun | null>(null);
  const [error, setError] = useState<string | null>(loaded.error);
  const [sending, setSending] = useState(false);
  const categories = loaded.data?.categories ?? [];

  // Follows the run until it ends: a page left open shows the report as soon as it is written.
  useEffect(() => {
    if (!current || current.status === 'done' || current.status === 'failed') return;
    const timer = setTimeout(async () => {
      try {
        const next = await newsroom.importRun(current.id);
        setCurrent(next);
        if (next.status === 'done' || next.status === 'failed') setRuns(await newsroom.imports());
      } catch (caught) {
        setError(caught instanceof NewsroomError ? caught.message : 'Le suivi de l’import est interrompu : rechargez la page.');
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [current]);

  async function start(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) {
      setError('Choisissez le fichier d’export.');
      return;
    }
    setError(null);
    setSending(true);
    try {
      const run = await newsroom.startImport(file, {
        source: form.get('source') as ImportSourceKind,
        dryRun: form.get('dryRun') === 'on',
        category: (form.get('category') as string) || undefined,
        pagesCategory: (form.get('pagesCategory') as string) || undefined,
      });
      setCurrent(run);
      setRuns(await newsroom.imports());
    } catch (caught) {
      setError(caught instanceof NewsroomError ? caught.message : 'L’envoi du fichier a échoué : réessayez.');
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="grid gap-6">
      <h1 className="font-display text-3xl font-bold">Importer depuis WordPress ou Ghost</h1>
      <p className="max-w-prose">
        Envoyez l’export de votre ancien site : articles, rubriques, tags, signatures et images arrivent dans la rédaction, et les anciennes
        adresses redirigent vers les nouvelles. Relancer le même import met à jour ce qui a changé, sans doublon.
      </p>
      {error ? (
        <p role="alert" className="font-bold text-piment-dark">
          {error}
        </p>
      ) : null}
      <form onSubmit={start} className="grid max-w-2xl gap-4 rounded border-2 border-encre p-4">
        <fieldset className="grid gap-1">
          <legend className="font-bold">Source</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="source" value="wordpress" defaultChecked /> WordPress (fichier .xml d’Outils → Exporter)
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="source" value="ghost" /> Ghost (fichier .json ou .zip de Réglages → Exporter)
          </label>
        </fieldset>
        <label className="grid gap-1">
          <span className="font-bold">Fichier d’export</span>
          <input type="file" name="file" required accept=".xml,.json,.zip" className="rounded border-2 border-encre px-2 py-1" />
        </label>
        <SelectField
          label="Rubrique des articles qui n’en ont pas"
          name="category"
          none="La première rubrique"
          choices={slugChoices(categories)}
        />
        <SelectField
          label="Pages de l’ancien site"
          name="pagesCategory"
          none="Ignorées (listées dans le rapport)"
          choices={categories.map((c) => ({ value: c.slug, label: `En brouillon dans « ${c.name} »` }))}
        />
        <label className="flex items-center gap-2">
          <input type="checkbox" name="dryRun" /> Essai à blanc : ne rien écrire, montrer le rapport
        </label>
        <button
          type="submit"
          disabled={sending}
          className="justify-self-start rounded bg-encre px-4 py-2 font-bold text-white disabled:opacity-60"
        >
          {sending ? 'Envoi du fichier…' : 'Lancer l’import'}
        </button>
      </form>
      {current ? <RunDetail run={current} /> : null}
      <section aria-labelledby="imports-precedents">
        <h2 id="imports-precedents" className="font-display text-2xl font-bold">
          Imports précédents
        </h2>
        {runs.length === 0 ? (
          <p className="mt-2">Aucun import pour l’instant.</p>
        ) : (
          <table className="mt-2 w-full border-collapse text-left text-sm">
            <TableHead columns={['Quand', 'Fichier', 'Source', 'État', 'Rapport']} />
            <tbody>
              {runs.map((run) => (
                <tr key={run.id} className="border-b border-encre/20">
                  <td className="py-1 pr-2">{frenchStamp(run.createdAt)}</td>
                  <td className="pr-2 break-all">{run.fileName}</td>
                  <td className="pr-2">{run.source === 'wordpress' ? 'WordPress' : 'Ghost'}</td>
                  <td className="pr-2">
                    {statusLabels[run.status]}
                    {run.dryRun ? ' (essai à blanc)' : ''}
                  </td>
                  <td>
                    <button type="button" className="underline" onClick={() => setCurrent(run)}>
                      Voir l’import n° {run.id}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </section>
  );
}

function RunDetail({ run }: { run: ImportRun }) {
  const total = run.total ?? 0;
  return (
    <section aria-labelledby="import-en-cours" className="grid gap-3 rounded border-2 border-encre p-4" aria-live="polite">
      <h2 id="import-en-cours" className="font-display text-2xl font-bold">
        Import n° {run.id} : {statusLabels[run.status].toLowerCase()}
        {run.dryRun ? ' (essai à blanc)' : ''}
      </h2>
      {run.status === 'queued' || run.status === 'running' ? (
        <label className="grid gap-1">
          <span>
            {run.done} {total ? `sur ${total} ` : ''}articles et pages
          </span>
          <progress max={total || undefined} value={total ? run.done : undefined} className="w-full" />
        </label>
      ) : null}
      {run.error ? (
        <p role="alert" className="font-bold text-piment-dark">
          Import impossible, rien n’a été écrit : {run.error}
        </p>
      ) : null}
      {run.report ? (
        <>
          <table className="w-full border-collapse text-left text-sm">
            <caption className="text-left font-bold">Rapport</caption>
            <thead>
              <tr className="border-b-2 border-encre">
                <th scope="col">Type</th>
                <th scope="col">Importés</th>
                <th scope="col">Mis à jour</th>
                <th scope="col">Inchangés</th>
                <th scope="col">Ignorés</th>
                <th scope="col">En échec</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(run.report.counts).map(([kind, c]) => (
                <tr key={kind} className="border-b border-encre/20">
                  <th scope="row" className="py-1 font-normal">
                    {kindLabels[kind] ?? kind}
                  </th>
                  <td>{c.imported}</td>
                  <td>{c.updated}</td>
                  <td>{c.unchanged}</td>
                  <td>{c.skipped}</td>
                  <td>{c.failed}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {run.report.lines.length > 0 ? (
            <details>
              <summary className="cursor-pointer font-bold">Ce qui n’est pas arrivé tel quel ({run.report.lines.length})</summary>
              <ul className="mt-2 grid gap-1 text-sm">
                {run.report.lines.slice(0, 500).map((line) => (
                  <li key={`${line.kind}-${line.sourceId}-${line.outcome}-${line.reasons[0] ?? ''}`}>
                    {kindLabels[line.kind] ?? line.kind} {line.sourceId}
                    {line.title ? ` « ${line.title} »` : ''} ({outcomeLabels[line.outcome]}) : {line.reasons.join(' ; ')}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
