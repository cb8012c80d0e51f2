/** The connection status's two lines. */
export const OFFLINE_MESSAGE = 'Vous êtes hors ligne : les articles déjà lus restent disponibles.';
export const BACK_ONLINE_MESSAGE = 'Connexion rétablie.';
