/** For repartee generator test files: a valid newsroom body. */
import type { components } from '../api/generated/schema';

export type GeneratorDraftInput = components['schemas']['GeneratorDraftInput'];

export function generatorDraftBody(title: string, extra: Partial<GeneratorDraftInput> = {}): GeneratorDraftInput {
  return {
    title,
    description: 'Les meilleures répliques pour ce moment-là.',
    image: { url: '/media/svg/repartee/soiree.svg', alt: 'Deux verres sur un comptoir', width: 1200, height: 800 },
    replies: [{ text: 'Première réplique.' }, { text: 'Deuxième réplique.' }],
    ...extra,
  };
}
