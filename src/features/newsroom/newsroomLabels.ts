/** The newsroom's words for the contract's values. */
import type { ArticleStatus, NewsletterIssueStatus, StaffRole } from '../../api/queries/newsroom.ts';

export const statusLabels: Record<ArticleStatus, string> = {
  draft: 'Brouillon',
  scheduled: 'Programmé',
  published: 'Publié',
  unpublished: 'Dépublié',
};

export const roleLabels: Record<StaffRole, string> = {
  contributor: 'Contributeur',
  author: 'Auteur',
  editor: 'Éditeur',
  admin: 'Administrateur',
};

export const issueStatusLabels: Record<NewsletterIssueStatus, string> = {
  draft: 'Brouillon',
  scheduled: 'Programmé',
  sending: 'En cours d’envoi',
  sent: 'Envoyé',
  cancelled: 'Annulé',
};
