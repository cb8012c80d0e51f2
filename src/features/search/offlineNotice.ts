/** What the search overlay says instead of spinning while the browser is offline. */
export const SEARCH_OFFLINE = 'La recherche a besoin d’une connexion : elle reprendra dès votre retour en ligne.';
