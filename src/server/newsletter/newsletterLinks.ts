/** The addresses the newsletter's mails link to, under SITE_URL. */
export function newsletterLinks(siteUrl: string) {
  return {
    confirm: (token: string) => `${siteUrl}/inscription/confirmer/${token}`,
    unsubscribe: (token: string) => `${siteUrl}/desinscription/confirmer/${token}`,
    oneClick: (token: string) => `${siteUrl}/newsletter/desinscription-un-clic/${token}`,
  };
}
