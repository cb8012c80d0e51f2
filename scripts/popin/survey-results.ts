/**
 * npm run popin:survey-results [-- --days 30] [--json]
 * What readers answered to the survey popins (POST /api/popin/survey): per popin, the total of each
 * button, over the last N days (UTC, today included) or since the beginning. Totals only: the site keeps
 * nothing about who answered. With PGlite (DATA_DIR), stop the server first.
 */
import { parseArgs } from 'node:util';
import { MAX_SURVEY_DAYS, surveySinceDay, tallySurveys } from '../../src/server/popinSurvey/popinSurveyAnswers.server.ts';
import { openConfiguredDatabase } from '../lib/openConfiguredDatabase.ts';

const { values } = parseArgs({ options: { days: { type: 'string' }, json: { type: 'boolean', default: false } } });
const days = values.days === undefined ? null : Number(values.days);
if (days !== null && (!Number.isInteger(days) || days < 1 || days > MAX_SURVEY_DAYS)) {
  console.error(`--days takes a whole number of days, from 1 to ${MAX_SURVEY_DAYS}.`);
  process.exit(2);
}
const since = surveySinceDay(days, new Date());

const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 });
const database = await openConfiguredDatabase();
try {
  const tallies = await tallySurveys(database.db, since);
  if (values.json) {
    console.log(JSON.stringify({ since, surveys: tallies }, null, 2));
  } else if (tallies.length === 0) {
    console.log('Aucune popin sondage.');
  } else {
    const period = since ? `depuis le ${since}` : 'depuis le début';
    for (const tally of tallies) {
      const inactive = tally.active ? '' : ' [inactif]';
      console.log(`Sondage « ${tally.title} » (${tally.path})${inactive} : ${tally.total} réponse(s) ${period}`);
      if (tally.question) console.log(`  ${tally.question}`);
      const width = Math.max(...tally.buttons.map((b) => b.text.length), 0);
      for (const b of tally.buttons) {
        const share = tally.total > 0 ? percent.format(b.answers / tally.total) : '–';
        console.log(`  ${b.text.padEnd(width)}  ${String(b.answers).padStart(6)}  ${share}`);
      }
    }
  }
} finally {
  await database.close();
}
