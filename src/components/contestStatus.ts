import type { FormatContest } from '../api/types.ts';

export const contestStatusLabel: Record<FormatContest['status'], string> = {
  upcoming: 'Bientôt',
  open: 'En cours',
  closed: 'Terminé',
};
