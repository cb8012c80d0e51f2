/** What the notification panel says when it offers nothing to press. */
export const notificationTexts = {
  off: 'Les notifications ne sont pas activées sur ce site pour l’instant : rien ne vous sera demandé.',
  unsupported: 'Votre navigateur ne gère pas les notifications.',
  denied: 'Les notifications sont bloquées dans votre navigateur.',
  offline: 'Les notifications ont besoin d’une connexion : revenez quand vous serez en ligne.',
  on: 'Les notifications sont activées sur cet appareil.',
} as const;
