/** Placeholder until the signup feature lands (issue 5): layout blocks import this component. */
export function NewsletterBlock({ source }: { source: string }) {
  return (
    <section aria-labelledby={`newsletter-${source}`}>
      <h2 id={`newsletter-${source}`}>On reste en contact ?</h2>
    </section>
  );
}
