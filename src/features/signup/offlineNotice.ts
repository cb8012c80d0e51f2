/** What the newsletter's forms say instead of trying while the browser is offline. */
export const SIGNUP_OFFLINE = 'L’inscription a besoin d’une connexion : revenez quand vous serez en ligne.';
export const UNSUBSCRIBE_OFFLINE = 'La désinscription a besoin d’une connexion : revenez quand vous serez en ligne.';
