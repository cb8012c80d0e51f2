/** Dates in French, always in the newsroom's time zone so server and browser render the same text. */
const long = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});

export function formatDate(iso: string): string {
  return long.format(new Date(iso));
}

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** Prices come in cents (contract: integer amount). */
export function formatPrice(amountCents: number): string {
  return euros.format(amountCents / 100);
}
