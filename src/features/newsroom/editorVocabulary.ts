/**
 * The newsroom's words for the actions every editor shares (issue 39, point 9): an action is named the same
 * way in the article, quiz, newsletter, popin, generator, quotation, best-of, shopping, Instagram, mosaic,
 * contest and live blog editors. Buttons take their label from here; editorVocabulary.test.ts fails on a
 * button written with its own words for one of these actions.
 */
export const editorActions = {
  createDraft: 'Créer le brouillon',
  save: 'Enregistrer',
  publishNow: 'Publier maintenant',
  schedule: 'Programmer',
  unpublish: 'Dépublier',
  backToDraft: 'Repasser en brouillon',
  preview: 'Créer un lien d’aperçu',
  openPreview: 'Ouvrir l’aperçu',
  showRevisions: 'Afficher les révisions',
  refreshRevisions: 'Actualiser les révisions',
  reloadLatest: 'Recharger la dernière version',
  delete: 'Supprimer',
  cancel: 'Annuler',
} as const;

/** « Restaurer la version 3 »: the version is in the name, as several are listed. */
export const restoreVersionLabel = (version: number) => `Restaurer la version ${version}`;

/** The save button before and after the first save. */
export const saveLabel = (saved: boolean) => (saved ? editorActions.save : editorActions.createDraft);

/**
 * The first words of the workflow's actions: a button starting with one of them names an action of the
 * vocabulary, so its label must come from here (« Publier », « Aperçu » or « Versions » alone diverged).
 */
export const workflowVerbs = ['Publier', 'Programmer', 'Dépublier', 'Repasser', 'Aperçu', 'Versions', 'Révisions', 'Restaurer'] as const;
