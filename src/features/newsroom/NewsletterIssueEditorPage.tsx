import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  type NewsletterIssue,
  type NewsletterIssuePreview,
  type NewsletterIssueStatusInput,
  type NewsletterIssueUpdateInput,
  NewsroomError,
  newsroom,
  type PageData,
} from '../../api/queries/newsroom.ts';
import {
  ArticlePicker,
  buttonClass,
  fieldClass,
  IssueWordsFields,
  issueWordsOf,
  type PickedArticle,
  primaryButtonClass,
} from './NewsletterIssueFields.tsx';
import { useConfirm } from './ConfirmDialog.tsx';
import { frenchDateTime, localInputValue } from '../../lib/frenchDates.ts';
import { issueStatusLabels } from './newsroomLabels.ts';
import { useFormatEditor } from './useFormatEditor.ts';
import { editorActions } from './editorVocabulary.ts';

/** While an issue is scheduled or being sent, its counts are asked again this often. */
const REFRESH_MS = 3000;

const widths = [
  { px: 390, label: 'Mobile (390 px)' },
  { px: 800, label: 'Ordinateur (800 px)' },
] as const;

const when = (iso: string | null) => (iso ? frenchDateTime(iso) : '—');
const count = new Intl.NumberFormat('fr-FR');

const failed = (caught: unknown, fallback: string) => (caught instanceof NewsroomError ? caught.message : fallback);

export interface IssueEditorData {
  issue: PageData<NewsletterIssue>;
  preview: PageData<NewsletterIssuePreview>;
}

/**
 * One issue (editors and admins): a draft's words and articles (saved with its version: a colleague's
 * save is never overwritten), the mail as subscribers will get it, a test to one address, scheduling or
 * sending now, cancelling, back to draft — and, once it goes, the delivery counts as they move.
 */
export function NewsletterIssueEditorPage({ loaded }: { loaded: IssueEditorData }) {
  if (!loaded.issue.data) {
    return (
      <section>
        <p>
          <Link to="/admin/lettres" className="underline underline-offset-4">
            Tous les numéros
          </Link>
        </p>
        <h1 className="mt-2 font-display text-3xl font-bold">Numéro de la newsletter</h1>
        <p role="alert" className="mt-4 font-bold text-piment-dark">
          {loaded.issue.error}
        </p>
      </section>
    );
  }
  return <IssueEditor initial={loaded.issue.data} initialPreview={loaded.preview} />;
}

type IssueAction = NewsletterIssueStatusInput['action'];
type IssueWordsInput = Omit<NewsletterIssueUpdateInput, 'version'>;

/** The issue's calls under the names the shared workflow uses (issues are made from their list, not here). */
const issueApi = {
  save: (id: number, body: NewsletterIssueUpdateInput) => newsroom.saveNewsletterIssue(id, body),
  changeStatus: (id: number, body: NewsletterIssueStatusInput) => newsroom.changeNewsletterIssueStatus(id, body),
  get: (id: number) => newsroom.newsletterIssue(id),
};

function IssueEditor({ initial, initialPreview }: { initial: NewsletterIssue; initialPreview: PageData<NewsletterIssuePreview> }) {
  // The words are uncontrolled fields (IssueWordsFields), read from the form when the machine saves.
  const wordsForm = useRef<HTMLFormElement>(null);
  const editor = useFormatEditor<NewsletterIssue, { picked: PickedArticle[] }, IssueWordsInput, IssueAction>({
    loaded: initial,
    api: issueApi,
    emptyForm: () => ({ picked: [] }),
    formOf: (issue) => ({ picked: issue.articles }),
    inputOf: ({ picked }) => {
      if (picked.length === 0) return { ok: false, message: 'Choisissez au moins un article.' };
      if (!wordsForm.current) return { ok: false, message: 'Le brouillon n’est plus à l’écran.' };
      return { ok: true, input: { ...issueWordsOf(wordsForm.current), articleIds: picked.map((a) => a.id) } };
    },
    onCreated: () => {},
    done: {
      saved: 'Brouillon enregistré.',
      schedule: (saved) => (saved.status === 'scheduled' ? `Numéro programmé pour le ${when(saved.scheduledAt)}.` : 'L’envoi commence.'),
      cancel: 'Envoi annulé : ce qui est parti est parti, le reste ne partira pas.',
      draft: 'Le numéro est redevenu un brouillon.',
      reloaded: 'Numéro rechargé : voici sa dernière version.',
    },
    // The issue's refusal of a stale version names no winner: any 409 of its save or status is one.
    isConflict: () => true,
  });
  const { item, form, change, setForm, message, busy, submit, act, reload, formKey, refreshed } = editor;
  // The loaded issue is never null here (the page shows the error otherwise).
  const issue = item ?? initial;
  const [preview, setPreview] = useState(initialPreview);

  const { id, status, version } = issue;
  // The counts move while the issue waits for its time or goes out: asked again every few seconds.
  const poll = useRef(refreshed);
  poll.current = refreshed;
  useEffect(() => {
    if (status !== 'scheduled' && status !== 'sending') return;
    const timer = window.setInterval(() => {
      newsroom.newsletterIssue(id).then(
        (fresh) => poll.current(fresh),
        () => {},
      );
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [id, status]);

  // Each new version (saved, reloaded) is a new mail: the preview follows.
  const shownVersion = useRef(version);
  useEffect(() => {
    if (shownVersion.current === version) return;
    shownVersion.current = version;
    newsroom.previewNewsletterIssue(id).then(
      (data) => setPreview({ data, error: null }),
      (caught: unknown) => setPreview({ data: null, error: failed(caught, 'L’aperçu est indisponible.') }),
    );
  }, [id, version]);

  const draft = issue.status === 'draft';
  const goneOut = issue.status === 'sending' || issue.status === 'sent' || issue.status === 'cancelled';

  return (
    <section className="grid gap-6">
      <div>
        <p>
          <Link to="/admin/lettres" className="underline underline-offset-4">
            Tous les numéros
          </Link>
        </p>
        <h1 className="mt-2 font-display text-3xl font-bold">{issue.subject}</h1>
        <p className="mt-1">
          <span className="font-bold">État : {issueStatusLabels[issue.status]}</span>
          {issue.status === 'scheduled' ? ` — prévu le ${when(issue.scheduledAt)}` : ''}
          {issue.status === 'sent' ? ` — le ${when(issue.sentAt)}` : ''} · {issue.newsletterName} ·{' '}
          {goneOut ? 'adressé à' : 'partirait vers'} {count.format(issue.audience)} abonné{issue.audience > 1 ? 's' : ''}
        </p>
        {issue.status === 'sent' ? (
          <p className="mt-1">
            <a href={`/lettres/${issue.id}`} className="underline underline-offset-4">
              La version en ligne
            </a>
          </p>
        ) : null}
      </div>

      <div aria-live="polite" className="min-h-6">
        {message ? (
          <p role={message.error ? 'alert' : undefined} className={message.error ? 'font-bold text-piment-dark' : 'text-green-800'}>
            {message.text}
          </p>
        ) : null}
        {message?.conflict ? (
          <button type="button" onClick={reload} className={`${buttonClass} mt-2`}>
            Recharger le numéro
          </button>
        ) : null}
      </div>

      {issue.lastError ? (
        <p role="status" className="rounded border-2 border-piment-dark bg-creme p-3 font-bold text-piment-dark">
          Le serveur d’envoi ne répond pas ; les envois reprendront seuls : {issue.lastError}
        </p>
      ) : null}

      {draft ? null : <Counts issue={issue} />}

      {draft ? (
        <form
          key={formKey}
          ref={wordsForm}
          onSubmit={submit}
          // A word typed is a change the machine hears of (the fields keep their own value).
          onInput={() => setForm((f) => f)}
          aria-label="Le brouillon"
          className="grid max-w-3xl gap-4 rounded border-2 border-encre p-4"
        >
          <h2 className="font-display text-xl font-bold">Le brouillon</h2>
          <IssueWordsFields initial={issue} />
          <fieldset className="grid gap-3 rounded border-2 border-encre/30 p-3">
            <legend className="px-1 font-bold">Articles</legend>
            <ArticlePicker picked={form.picked} onChange={(picked) => change('picked', picked)} />
          </fieldset>
          <button type="submit" disabled={busy} className={`${primaryButtonClass} justify-self-start`}>
            {editorActions.save}
          </button>
        </form>
      ) : (
        <IssueArticles issue={issue} />
      )}

      <Sending issue={issue} busy={busy} act={act} />

      <Preview preview={preview} />
    </section>
  );
}

/** Where the send stands: sent, waiting (retries included), failed, refused addresses, skipped, unsubscribed since. */
function Counts({ issue }: { issue: NewsletterIssue }) {
  const { counts } = issue;
  const rows: [string, number][] = [
    ['Envoyés', counts.sent],
    ['En attente', counts.pending],
    ['Échecs', counts.failed],
    ['Adresses refusées', counts.bounced],
    ['Sautés', counts.skipped],
    ['Désinscrits depuis', counts.unsubscribed],
  ];
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="font-display text-xl font-bold">
        L’envoi
      </h2>
      <dl className="mt-2 grid max-w-3xl grid-cols-2 gap-3 sm:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label} className="rounded border-2 border-encre/30 p-2">
            <dt className="text-sm">{label}</dt>
            <dd className="font-display text-2xl font-bold tabular-nums">{count.format(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function IssueArticles({ issue }: { issue: NewsletterIssue }) {
  return (
    <section className="max-w-3xl">
      <h2 className="font-display text-xl font-bold">Les articles</h2>
      {issue.intro ? <p className="mt-2 whitespace-pre-line">{issue.intro}</p> : null}
      <ol className="mt-2 list-decimal pl-6">
        {issue.articles.map((article) => (
          <li key={article.id}>
            <a href={article.fullUrl} className="underline underline-offset-4">
              {article.title}
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Test, schedule, send now, cancel, back to draft: what the issue's state allows (the server has the last word). */
function Sending({
  issue,
  busy,
  act,
}: {
  issue: NewsletterIssue;
  busy: boolean;
  /** `scheduledAt` for a schedule at a time; a schedule without one sends now. */
  act: (action: IssueAction, scheduledAt?: string) => void;
}) {
  const headingId = useId();
  const [testTo, setTestTo] = useState('');
  const [testSaid, setTestSaid] = useState<{ text: string; error: boolean } | null>(null);
  const [at, setAt] = useState(() => localInputValue(new Date(Date.now() + 3_600_000)));

  const sendTest = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      setTestSaid({ text: await newsroom.sendNewsletterTest(issue.id, testTo.trim()), error: false });
    } catch (caught) {
      setTestSaid({ text: failed(caught, 'Le test n’est pas parti.'), error: true });
    }
  };

  const { confirm, dialog } = useConfirm();
  // A mail sent cannot be taken back: asked first, with the audience as it is now (not as the page loaded).
  const sendNow = async () => {
    const audience = await newsroom.newsletterIssue(issue.id).then(
      (fresh) => fresh.audience,
      () => issue.audience,
    );
    const readers = `${count.format(audience)} abonné${audience > 1 ? 's' : ''}`;
    const yes = await confirm({
      title: `Envoyer à ${readers} ?`,
      consequence: `« ${issue.subject} » part maintenant vers ${audience > 1 ? `les ${readers}` : `${readers}`} de « ${issue.newsletterName} ». Un envoi commencé ne se rattrape pas : une lettre reçue ne peut pas être reprise.`,
      confirmLabel: `Envoyer à ${readers}`,
    });
    if (yes) act('schedule');
  };

  const schedule = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The field is the browser's local time; the server gets the instant, with the browser's offset.
    act('schedule', new Date(at).toISOString());
  };

  const canTest = issue.status === 'draft' || issue.status === 'scheduled';
  const canCancel = issue.status === 'scheduled' || issue.status === 'sending';
  const canDraft = issue.status === 'scheduled' || issue.status === 'cancelled';
  if (!canTest && !canCancel && !canDraft) return null;

  return (
    <section aria-labelledby={headingId} className="grid max-w-3xl gap-4 rounded border-2 border-encre p-4">
      <h2 id={headingId} className="font-display text-xl font-bold">
        Tester et envoyer
      </h2>
      {canTest ? (
        <form onSubmit={sendTest} aria-label="Envoyer un test" className="flex flex-wrap items-end gap-2">
          <label className="grid flex-1 gap-1">
            <span className="text-sm font-bold">Adresse du test</span>
            <input
              type="email"
              required
              maxLength={254}
              autoComplete="email"
              value={testTo}
              onChange={(event) => setTestTo(event.target.value)}
              className={fieldClass}
            />
          </label>
          <button type="submit" className={buttonClass}>
            Envoyer un test
          </button>
          <p aria-live="polite" className="min-h-6 w-full">
            {testSaid ? (
              <span
                role={testSaid.error ? 'alert' : undefined}
                className={testSaid.error ? 'font-bold text-piment-dark' : 'text-green-800'}
              >
                {testSaid.text}
              </span>
            ) : null}
          </p>
        </form>
      ) : null}
      {issue.status === 'draft' ? (
        <>
          <form onSubmit={schedule} aria-label="Programmer l’envoi" className="flex flex-wrap items-end gap-2">
            <label className="grid gap-1">
              <span className="text-sm font-bold">Date et heure d’envoi</span>
              <input type="datetime-local" required value={at} onChange={(event) => setAt(event.target.value)} className={fieldClass} />
            </label>
            <button type="submit" disabled={busy || !at} className={buttonClass}>
              {editorActions.schedule}
            </button>
          </form>
          <div>
            {dialog}
            <button type="button" disabled={busy} onClick={() => void sendNow()} className={primaryButtonClass}>
              Envoyer maintenant
            </button>
            <p className="mt-1 text-sm">
              À {count.format(issue.audience)} abonné{issue.audience > 1 ? 's' : ''} de « {issue.newsletterName} ».
            </p>
          </div>
        </>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {canCancel ? (
          <button type="button" disabled={busy} onClick={() => act('cancel')} className={buttonClass}>
            Annuler l’envoi
          </button>
        ) : null}
        {canDraft ? (
          <button type="button" disabled={busy} onClick={() => act('draft')} className={buttonClass}>
            {editorActions.backToDraft}
          </button>
        ) : null}
      </div>
    </section>
  );
}

/** The mail as subscribers will get it, in a sandboxed frame (no script, no same origin), at a phone's or a computer's width. */
function Preview({ preview }: { preview: PageData<NewsletterIssuePreview> }) {
  const headingId = useId();
  const [width, setWidth] = useState<number>(800);
  const mail = preview.data;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="font-display text-xl font-bold">
        Aperçu du mail
      </h2>
      {preview.error ? (
        <p role="alert" className="font-bold text-piment-dark">
          {preview.error}
        </p>
      ) : null}
      {mail ? (
        <>
          <p>
            Objet : <strong>{mail.subject}</strong>
            {mail.preheader ? (
              <>
                {' '}
                · Texte d’aperçu : <span>{mail.preheader}</span>
              </>
            ) : null}
          </p>
          <fieldset className="flex flex-wrap items-center gap-4">
            <legend className="sr-only">Largeur de l’aperçu</legend>
            {widths.map((option) => (
              <label key={option.px} className="flex cursor-pointer items-center gap-2">
                <input
                  type="radio"
                  name="largeur-apercu"
                  checked={width === option.px}
                  onChange={() => setWidth(option.px)}
                  className="h-4 w-4"
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          <div className="overflow-x-auto rounded border-2 border-encre/30 bg-creme p-2">
            <iframe
              title={`Aperçu de l’e-mail « ${mail.subject} »`}
              srcDoc={mail.html}
              sandbox=""
              width={width}
              height={900}
              className="mx-auto block max-w-none border-0 bg-white"
            />
          </div>
          <details className="max-w-3xl">
            <summary className="cursor-pointer font-bold">La version texte du mail</summary>
            <pre className="mt-2 whitespace-pre-wrap break-words rounded border border-encre/30 p-3 text-sm">{mail.text}</pre>
          </details>
        </>
      ) : null}
    </section>
  );
}
