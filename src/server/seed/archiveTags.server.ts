/**
 * Tags for the archive seed (`npm run seed -- --articles N`): a magazine of 10 years tags its articles, and
 * the cost curve needs tag pages whose size grows with the archive. A few tags are very popular, most are
 * rare (a squared hash), one to three per article. Written by set-based SQL: 100 000 articles take seconds.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { affectedRowsOf } from '../../db/queryResults.ts';
import { backfillNewsroom } from '../newsroom/articles/articleReaderCopy.ts';
import { slugify } from './demo/build/text.ts';

const SUBJECTS = [
  'Paris',
  'Lyon',
  'Marseille',
  'Bordeaux',
  'Bretagne',
  'Provence',
  'Italie',
  'Japon',
  'New York',
  'Londres',
  'Été',
  'Hiver',
  'Printemps',
  'Automne',
  'Noël',
  'Rentrée',
  'Week-end',
  'Vacances',
  'Saint-Valentin',
  'Fête des mères',
  'Recette facile',
  'Végétarien',
  'Vegan',
  'Sans gluten',
  'Apéro',
  'Brunch',
  'Dessert',
  'Cocktail',
  'Vin naturel',
  'Café',
  'Mode durable',
  'Seconde main',
  'Sneakers',
  'Vintage',
  'Fashion Week',
  'Bijoux',
  'Lin',
  'Denim',
  'Maroquinerie',
  'Lunettes',
  'Skincare',
  'Cheveux bouclés',
  'Parfum',
  'Maquillage naturel',
  'Ongles',
  'Bien-être',
  'Yoga',
  'Sommeil',
  'Méditation',
  'Running',
  'Déco',
  'Petit appartement',
  'Plantes',
  'Balcon',
  'DIY',
  'Rangement',
  'Brocante',
  'Céramique',
  'Lumière',
  'Cuisine ouverte',
  'Cinéma',
  'Séries',
  'Podcast',
  'Livres',
  'Musique',
  'Expo',
  'Théâtre',
  'Festival',
  'Photographie',
  'Design',
  'Couple',
  'Amitié',
  'Famille',
  'Parentalité',
  'Travail',
  'Argent',
  'Écologie',
  'Féminisme',
  'Santé mentale',
  'Voyage en train',
];

/** The archive's tag names: every subject, and "Spécial" editions of the first ones. */
export function archiveTagNames(): string[] {
  return [...SUBJECTS, ...SUBJECTS.slice(0, 40).map((subject) => `Spécial ${subject}`)];
}

export async function seedArchiveTags(db: Database): Promise<number> {
  // Tags hang on the editorial rows: give the seeded articles theirs now (the server's boot does it too).
  await backfillNewsroom(db);
  const names = archiveTagNames();
  const rows = names.map((name) => sql`(${slugify(name, 60)}, ${name})`);
  await db.execute(sql`INSERT INTO tags (slug, name) VALUES ${sql.join(rows, sql`, `)} ON CONFLICT (slug) DO NOTHING`);
  // Tag number n (0-based, by id) is picked with a probability falling as n grows: floor(T × u²).
  const result = await db.execute(sql`
    WITH numbered AS (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM tags WHERE NOT internal),
      total AS (SELECT count(*)::int AS t FROM numbered)
    INSERT INTO article_tags (article_id, tag_id, position)
    SELECT a.id, numbered.id, k
    FROM articles a
      CROSS JOIN LATERAL generate_series(0, a.id % 3) AS k
      CROSS JOIN total
      INNER JOIN numbered
        ON numbered.n = floor(total.t * power(((a.id::bigint * 7919 + k * 104729) % 10007) / 10007.0, 2))::int
    ON CONFLICT DO NOTHING`);
  return affectedRowsOf(result);
}
