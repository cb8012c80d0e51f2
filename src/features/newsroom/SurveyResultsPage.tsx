import { useId, useState } from 'react';
import type { PageData, SurveyResult, SurveyResultList } from '../../api/queries/newsroom.ts';
import { frenchDate } from '../../lib/frenchDates.ts';

/** The periods offered; null asks for every answer ever counted. */
const periods = [
  { days: 7, label: '7 jours' },
  { days: 30, label: '30 jours' },
  { days: null, label: 'Depuis le début' },
] as const;

type Days = (typeof periods)[number]['days'];

const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 });
const count = new Intl.NumberFormat('fr-FR');
// The server counts by UTC day: the first day is shown as that day, not shifted to Paris time.

const answersLabel = (n: number) => `${count.format(n)} réponse${n > 1 ? 's' : ''}`;

/**
 * What readers answered to the survey popins (editors and admins): per survey, each button's total and
 * share over the chosen period. The server keeps only totals per popin, button and day (decision 014).
 */
export function SurveyResultsPage({
  loaded,
  onPeriod,
}: {
  /** Loaded by the route for the period of the address (the router keeps the last answer asked for). */
  loaded: PageData<SurveyResultList> & { days: Days };
  onPeriod: (days: Days) => void;
}) {
  const { data: list, error } = loaded;
  // The period clicked shows as chosen at once; the route then loads its answers (and the address says it).
  const [days, setDays] = useState<Days>(loaded.days);
  const [loadedDays, setLoadedDays] = useState<Days>(loaded.days);
  if (loaded.days !== loadedDays) {
    setLoadedDays(loaded.days);
    setDays(loaded.days);
  }

  const periodLabel = list?.since ? `depuis le ${frenchDate(`${list.since}T00:00:00Z`, 'UTC')}` : 'depuis le début';

  return (
    <section>
      <h1 className="font-display text-3xl font-bold">Sondages</h1>
      <p className="mt-1 max-w-3xl text-sm">
        Les réponses des lectrices aux popins sondage. Le site ne garde que des totaux par bouton et par jour (UTC)&nbsp;: rien ne dit qui a
        répondu.
      </p>
      <fieldset className="mt-4 flex flex-wrap items-center gap-4 rounded border-2 border-encre/30 p-3">
        <legend className="px-1 font-bold">Période</legend>
        {periods.map((period) => (
          <label key={period.label} className="flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              name="periode"
              checked={days === period.days}
              onChange={() => {
                setDays(period.days);
                onPeriod(period.days);
              }}
              className="h-4 w-4"
            />
            {period.label}
          </label>
        ))}
      </fieldset>
      <div aria-live="polite" className="mt-3 min-h-6">
        {error ? (
          <p role="alert" className="font-bold text-piment-dark">
            {error}
          </p>
        ) : list ? (
          <p>Réponses comptées {periodLabel}.</p>
        ) : null}
      </div>
      {list && list.results.length === 0 ? <p className="mt-2">Aucune popin sondage.</p> : null}
      <div className="mt-2 grid gap-6">
        {list?.results.map((survey) => (
          <SurveyCard key={survey.id} survey={survey} />
        ))}
      </div>
    </section>
  );
}

function SurveyCard({ survey }: { survey: SurveyResult }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="rounded border-2 border-encre/30 p-4">
      <h2 id={headingId} className="font-display text-xl font-bold">
        {survey.title || 'Sondage sans titre'}
      </h2>
      {survey.question ? <p className="mt-1">{survey.question}</p> : null}
      <p className="mt-1 text-sm">
        Affiché sur <code>{survey.path}</code> · {survey.active ? 'en ligne' : 'hors ligne'} · {answersLabel(survey.total)}
      </p>
      {survey.total === 0 ? (
        <p className="mt-3 italic">Aucune réponse pour cette période.</p>
      ) : (
        <table className="mt-3 w-full max-w-3xl border-collapse text-left text-sm">
          <caption className="sr-only">Réponses au sondage « {survey.title} »</caption>
          <thead>
            <tr className="border-b-2 border-encre">
              <th scope="col" className="py-2 pr-3">
                Réponse proposée
              </th>
              <th scope="col" className="pr-3 text-right">
                Réponses
              </th>
              <th scope="col">Part</th>
            </tr>
          </thead>
          <tbody>
            {survey.buttons.map((button) => (
              <ShareRow key={button.button} text={button.text} answers={button.answers} total={survey.total} />
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-encre font-bold">
              <th scope="row" className="py-2 pr-3">
                Total
              </th>
              <td className="pr-3 text-right">{count.format(survey.total)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      )}
    </article>
  );
}

/**
 * One answer: its count, and its share as a bar whose length (not its colour) carries the value, with the
 * percentage written beside it. The bar is a native <meter> named after the answer, its value in French words.
 */
function ShareRow({ text, answers, total }: { text: string; answers: number; total: number }) {
  const share = total > 0 ? answers / total : 0;
  const written = percent.format(share);
  return (
    <tr className="border-b border-encre/20">
      <th scope="row" className="py-2 pr-3 font-normal">
        {text}
      </th>
      <td className="pr-3 text-right tabular-nums">{count.format(answers)}</td>
      <td>
        <div className="flex items-center gap-3">
          <meter
            min={0}
            max={1}
            value={share}
            aria-label={`Part de « ${text} »`}
            aria-valuetext={written}
            className="h-4 w-32 shrink-0 appearance-none rounded-sm border border-encre bg-white sm:w-48 [&::-moz-meter-bar]:bg-encre [&::-moz-meter-bar]:bg-none [&::-webkit-meter-bar]:h-full [&::-webkit-meter-bar]:rounded-none [&::-webkit-meter-bar]:border-0 [&::-webkit-meter-bar]:bg-white [&::-webkit-meter-bar]:bg-none [&::-webkit-meter-optimum-value]:bg-encre [&::-webkit-meter-optimum-value]:bg-none"
          />
          <span className="tabular-nums">{written}</span>
        </div>
      </td>
    </tr>
  );
}
