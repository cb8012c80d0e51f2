/**
 * « Audience » in the newsroom (issue 37, decision 028): the exempt measurement's counters over a period,
 * compared with the period before — a curve, then tables (each with its CSV): pages, articles per category,
 * where visits come from, devices, searches, signups, popins and quizzes. Editors and admins see the site;
 * other roles their own articles. One page's curve and referrers when a page is chosen.
 */
import { frenchDate } from '../../../lib/frenchDates.ts';
import { type FormEvent, useState } from 'react';
import type { AudienceReport, PageData } from '../../../api/queries/newsroom.ts';
import { AudienceChart } from './AudienceChart.tsx';
import { type AudienceColumn, AudienceTable } from './AudienceTable.tsx';
import { asPeriod, changeLabel, type PeriodKind, periodLabels } from './audiencePeriods.ts';

export interface AudienceSearch {
  periode?: string;
  du?: string;
  au?: string;
  page?: string;
}

const number = new Intl.NumberFormat('fr-FR');
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 });
// The audience's days are UTC days (the rollup's).
const formatDay = (day: string) => frenchDate(`${day}T00:00:00Z`, 'UTC');

type Count = AudienceReport['referrers'][number];
type Page = AudienceReport['pages'][number];

const countColumns = (what: string): AudienceColumn<Count>[] => [
  { header: what, value: (row) => row.value },
  { header: 'Total', numeric: true, value: (row) => row.count },
];

export function AudiencePage({
  loaded,
  search,
  onSearch,
}: {
  loaded: PageData<AudienceReport>;
  search: AudienceSearch;
  onSearch: (search: AudienceSearch) => void;
}) {
  const { data: report, error } = loaded;
  const kind = asPeriod(search.periode);
  const [custom, setCustom] = useState({ du: search.du ?? report?.from ?? '', au: search.au ?? report?.to ?? '' });
  const choose = (periode: PeriodKind) => {
    if (periode !== 'perso') onSearch({ periode, page: search.page });
  };
  const submitCustom = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ periode: 'perso', du: custom.du, au: custom.au, page: search.page });
  };
  const choosePage = (page: string | undefined) => onSearch({ ...search, page });

  return (
    <section>
      <h1 className="font-display text-3xl font-bold">Audience</h1>
      <p className="mt-1 max-w-3xl text-sm">
        Pages vues et visites comptées par le site lui-même, sans cookie ni identifiant (mesure exemptée de consentement) : les robots, la
        rédaction et les lectrices qui s’y opposent ne sont pas comptés. Une visite est une arrivée depuis un autre site ou en accès direct.
        Jours en temps universel (UTC).
      </p>
      <fieldset className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded border-2 border-encre/30 p-3">
        <legend className="px-1 font-bold">Période</legend>
        {(Object.keys(periodLabels) as PeriodKind[]).map((periode) => (
          <label key={periode} className="flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              name="periode"
              checked={kind === periode}
              onChange={() => (periode === 'perso' ? onSearch({ ...search, periode: 'perso', ...custom }) : choose(periode))}
              className="h-4 w-4"
            />
            {periodLabels[periode]}
          </label>
        ))}
      </fieldset>
      {kind === 'perso' ? (
        <form onSubmit={submitCustom} className="mt-2 flex flex-wrap items-end gap-3">
          <label className="flex flex-col text-sm">
            Du
            <input type="date" value={custom.du} onChange={(e) => setCustom({ ...custom, du: e.target.value })} className="border p-1" />
          </label>
          <label className="flex flex-col text-sm">
            Au
            <input type="date" value={custom.au} onChange={(e) => setCustom({ ...custom, au: e.target.value })} className="border p-1" />
          </label>
          <button type="submit" className="rounded border-2 border-encre px-3 py-1 font-bold">
            Afficher
          </button>
        </form>
      ) : null}
      <div aria-live="polite" className="mt-3 min-h-6">
        {error ? (
          <p role="alert" className="font-bold text-piment-dark">
            {error}
          </p>
        ) : report ? (
          <p>
            {report.from === report.to ? `Le ${formatDay(report.from)}` : `Du ${formatDay(report.from)} au ${formatDay(report.to)}`},
            comparé{' '}
            {report.previousFrom === report.previousTo
              ? `au ${formatDay(report.previousFrom)}`
              : `à la période du ${formatDay(report.previousFrom)} au ${formatDay(report.previousTo)}`}
            .{kind === 'jour' ? ' Mis à jour chaque minute.' : ''}
          </p>
        ) : null}
      </div>
      {report ? <AudienceFigures report={report} onPage={choosePage} /> : null}
    </section>
  );
}

function AudienceFigures({ report, onPage }: { report: AudienceReport; onPage: (page: string | undefined) => void }) {
  const days = report.days.map((d) => d.day);
  const series = [
    { label: 'Pages vues', values: report.days.map((d) => d.views), color: '#c8102e' },
    { label: 'Visites', values: report.days.map((d) => d.visits), color: '#1f4e79' },
    { label: 'Pages vues, période précédente', values: report.previousDays.map((d) => d.views), color: '#888888', dashed: true },
  ];
  const summary = `Pages vues : ${number.format(report.totals.views)} (période précédente : ${number.format(
    report.previousTotals.views,
  )}, ${changeLabel(report.totals.views, report.previousTotals.views)}). Visites : ${number.format(report.totals.visits)} (période précédente : ${number.format(
    report.previousTotals.visits,
  )}, ${changeLabel(report.totals.visits, report.previousTotals.visits)}).`;
  const articles = report.pages.filter((page) => page.category !== null);
  const categories = [...new Set(articles.map((page) => page.category ?? ''))].sort((a, b) => a.localeCompare(b, 'fr'));
  const converting = report.pages.filter((page) => page.signups > 0);
  const pageLink = (row: Page) => (
    <button type="button" className="text-left underline" onClick={() => onPage(row.path)}>
      {row.title ?? row.path}
    </button>
  );

  return (
    <>
      {report.path ? (
        <p className="mt-2 flex flex-wrap gap-3">
          <span>
            Page : <code className="break-all">{report.path}</code>
          </span>
          <button type="button" className="underline" onClick={() => onPage(undefined)}>
            Revenir à tout le site
          </button>
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:max-w-xl">
        {(
          [
            ['Pages vues', report.totals.views, report.previousTotals.views],
            ['Visites', report.totals.visits, report.previousTotals.visits],
          ] as const
        ).map(([label, value, previous]) => (
          <div key={label} className="rounded border-2 border-encre/30 p-3">
            <dt className="text-sm">{label}</dt>
            <dd className="font-display text-2xl font-bold" data-testid={`audience-${label === 'Visites' ? 'visits' : 'views'}`}>
              {number.format(value)}
            </dd>
            <dd className="text-sm">
              {changeLabel(value, previous)} <span className="sr-only">par rapport à la période précédente</span>
              <span aria-hidden="true">vs {number.format(previous)}</span>
            </dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-6 font-display text-xl font-bold">{report.path ? 'Courbe de la page' : 'Courbe du site'}</h2>
      <AudienceChart days={days} series={series} summary={summary} />
      <details className="mt-2">
        <summary className="cursor-pointer text-sm underline">Chiffres de la courbe, jour par jour</summary>
        <AudienceTable
          caption="Pages vues et visites par jour"
          file="audience-jours"
          rows={report.days.map((d, i) => ({ ...d, previous: report.previousDays[i]?.views ?? 0 }))}
          columns={[
            { header: 'Jour', value: (row) => row.day },
            { header: 'Pages vues', numeric: true, value: (row) => row.views },
            { header: 'Visites', numeric: true, value: (row) => row.visits },
            { header: 'Pages vues, période précédente', numeric: true, value: (row) => row.previous },
          ]}
        />
      </details>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        {report.path ? null : (
          <div className="lg:col-span-2">
            <AudienceTable
              caption="Pages les plus vues"
              file="audience-pages"
              rows={report.pages}
              columns={[
                { header: 'Page', value: (row) => row.path, render: pageLink },
                { header: 'Pages vues', numeric: true, value: (row) => row.views },
                { header: 'Visites', numeric: true, value: (row) => row.visits },
              ]}
            />
          </div>
        )}
        {report.path
          ? null
          : categories.map((category) => (
              <AudienceTable
                key={category}
                caption={`Articles les plus lus — ${category}`}
                file={`audience-articles-${category}`}
                rows={articles.filter((page) => page.category === category).slice(0, 10)}
                columns={[
                  { header: 'Article', value: (row) => row.title ?? row.path, render: pageLink },
                  { header: 'Pages vues', numeric: true, value: (row) => row.views },
                ]}
              />
            ))}
        <AudienceTable
          caption="Sites d’origine des visites"
          file="audience-origines"
          rows={report.referrers}
          columns={countColumns('Site')}
        />
        <AudienceTable caption="Appareils" file="audience-appareils" rows={report.devices} columns={countColumns('Appareil')} />
        <AudienceTable
          caption="Campagnes (utm_campaign)"
          file="audience-campagnes"
          rows={report.campaigns}
          columns={countColumns('Campagne')}
        />
        <AudienceTable caption="Sources (utm_source)" file="audience-sources" rows={report.sources} columns={countColumns('Source')} />
        <AudienceTable caption="Supports (utm_medium)" file="audience-supports" rows={report.mediums} columns={countColumns('Support')} />
        {report.path ? null : (
          <>
            <AudienceTable
              caption="Recherches sans résultat"
              file="audience-recherches-sans-resultat"
              rows={report.searchesWithoutResult}
              columns={countColumns('Recherche')}
            />
            <AudienceTable caption="Recherches" file="audience-recherches" rows={report.searches} columns={countColumns('Recherche')} />
            <AudienceTable
              caption="Inscriptions à la newsletter par origine"
              file="audience-inscriptions"
              rows={report.signups}
              columns={countColumns('Origine')}
            />
            <AudienceTable
              caption="Conversion en inscriptions par page"
              file="audience-conversion"
              rows={converting}
              columns={[
                { header: 'Page', value: (row) => row.path, render: pageLink },
                { header: 'Inscriptions', numeric: true, value: (row) => row.signups },
                { header: 'Pages vues', numeric: true, value: (row) => row.views },
                { header: 'Taux', numeric: true, value: (row) => (row.views > 0 ? percent.format(row.signups / row.views) : '—') },
              ]}
            />
            <Funnels caption="Popins" what="popin" funnels={report.popins} />
            <Funnels caption="Quiz" what="quiz" funnels={report.quizzes} />
            <AudienceTable
              caption="Tirages du générateur de répartie"
              file="audience-repartie"
              rows={report.repartee}
              columns={countColumns('Générateur')}
            />
          </>
        )}
      </div>
    </>
  );
}

function Funnels({ caption, what, funnels }: { caption: string; what: string; funnels: AudienceReport['popins'] }) {
  if (funnels.length === 0) return <AudienceTable caption={caption} file={`audience-${what}`} rows={[]} columns={countColumns('Étape')} />;
  return (
    <>
      {funnels.map((funnel) => {
        const first = funnel.steps[0]?.count ?? 0;
        return (
          <AudienceTable
            key={funnel.subject}
            caption={`${caption} — ${funnel.subject}`}
            file={`audience-${what}-${funnel.subject}`}
            rows={funnel.steps}
            columns={[
              { header: 'Étape', value: (row) => row.value },
              { header: 'Total', numeric: true, value: (row) => row.count },
              { header: 'Part du début', numeric: true, value: (row) => (first > 0 ? percent.format(row.count / first) : '—') },
            ]}
          />
        );
      })}
    </>
  );
}
