/**
 * The generator editor's form, apart from React: a generator ↔ its editable fields, and the replies' list
 * operations (add, edit, move, remove). Each reply row has a key for React and, once saved, the id the
 * server gave it: sent back as is, so its shareable address survives any edit or move.
 */
import type { AdminGenerator, GeneratorDraftInput } from '../../api/queries/newsroomGenerators.ts';

export interface ReplyRow {
  /** React's key: stable for the row's life in the form, whether or not it has an id yet. */
  key: string;
  /** The server's id (the `?replique=` of its address); undefined for a reply not saved yet. */
  id?: number;
  text: string;
}

export interface GeneratorForm {
  title: string;
  slug: string;
  description: string;
  image: GeneratorDraftInput['image'];
  replies: ReplyRow[];
}

let counter = 0;
const newKey = () => `nouvelle-${++counter}`;

export const emptyReply = (): ReplyRow => ({ key: newKey(), text: '' });

export function emptyForm(): GeneratorForm {
  return {
    title: '',
    slug: '',
    description: '',
    image: { url: '/media/svg/repartee/soiree.svg', alt: '', width: 1200, height: 800 },
    replies: [emptyReply()],
  };
}

export function formOf(generator: AdminGenerator): GeneratorForm {
  return {
    title: generator.title,
    slug: generator.slug,
    description: generator.description,
    image: generator.image,
    replies: generator.replies.map((r) => ({ key: `id-${r.id}`, id: r.id, text: r.text })),
  };
}

/** What the form sends; an empty address lets the server derive it from the title. */
export function inputOf(form: GeneratorForm): GeneratorDraftInput {
  return {
    title: form.title,
    ...(form.slug.trim() ? { slug: form.slug.trim() } : {}),
    description: form.description,
    image: form.image,
    replies: form.replies.map((r) => (r.id === undefined ? { text: r.text } : { id: r.id, text: r.text })),
  };
}

export function editReply(replies: ReplyRow[], key: string, text: string): ReplyRow[] {
  return replies.map((r) => (r.key === key ? { ...r, text } : r));
}

export function removeReply(replies: ReplyRow[], key: string): ReplyRow[] {
  return replies.filter((r) => r.key !== key);
}

/** Moves a reply one place up (-1) or down (+1); at either end, nothing moves. */
export function moveReply(replies: ReplyRow[], key: string, by: -1 | 1): ReplyRow[] {
  const from = replies.findIndex((r) => r.key === key);
  const to = from + by;
  if (from === -1 || to < 0 || to >= replies.length) return replies;
  const next = [...replies];
  const [row] = next.splice(from, 1);
  if (row) next.splice(to, 0, row);
  return next;
}
