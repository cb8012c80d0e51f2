/**
 * The sentence refusing to delete a library item in use: the server's 409 and the media library page say it
 * the same way (the page lists every user below it).
 */
import type { MediaUsage } from '../api/types.ts';

type Format = MediaUsage['format'];

const nouns: Record<Format, { one: string; many: string }> = {
  article: { one: 'l’article', many: 'articles' },
  quiz: { one: 'le quiz', many: 'quiz' },
  generator: { one: 'le générateur', many: 'générateurs' },
  mosaic: { one: 'la mosaïque', many: 'mosaïques' },
  contest: { one: 'le concours', many: 'concours' },
  shopping: { one: 'le produit', many: 'produits' },
  instagram: { one: 'la publication Instagram', many: 'publications Instagram' },
  popin: { one: 'la popin', many: 'popins' },
  newsletter: { one: 'la lettre', many: 'lettres' },
  liveBlog: { one: 'le direct', many: 'directs' },
  author: { one: 'la signature', many: 'signatures' },
};

/**
 * « Cette image est utilisée par le quiz « A » », « … par 2 articles : « A », « B » », « … par 3 contenus :
 * l’article « A », la mosaïque « B »… »: the first five named, the rest counted (the list shows them all).
 */
export function inUseMessage(kind: 'image' | 'audio', usages: Pick<MediaUsage, 'format' | 'title'>[]): string {
  const formats = new Set(usages.map((u) => u.format));
  const single = formats.size === 1 ? nouns[usages[0]?.format ?? 'article'] : null;
  const named = usages.slice(0, 5).map((u) => (single ? `« ${u.title} »` : `${nouns[u.format].one} « ${u.title} »`));
  const rest = usages.length - named.length;
  const list = rest > 0 ? `${named.join(', ')} et ${rest} autre${rest > 1 ? 's' : ''}` : named.join(', ');
  const who = usages.length === 1 && single ? `${single.one} ${list}` : `${usages.length} ${single ? single.many : 'contenus'} : ${list}`;
  // An article's refusal has always said « leur »; every other single user is « lui ».
  const them = usages.length === 1 && usages[0]?.format !== 'article' ? 'lui' : 'leur';
  return kind === 'audio'
    ? `Ce son est utilisé par ${who}. Choisissez-${them} un autre son avant de le supprimer.`
    : `Cette image est utilisée par ${who}. Choisissez-${them} une autre image avant de la supprimer.`;
}
