/**
 * What the article lacks for Google Discover and the search engines (issue 36), said before publishing: a
 * note beside the work, not a barrier (unless the server is configured to block, which its 422 then says).
 */
export function PublishWarningsNotice({ id, warnings }: { id: string; warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded border-2 border-moutarde bg-moutarde/20 p-3">
      <h2 id={`${id}-title`} className="font-bold">
        Avant de publier
      </h2>
      {/* The publish button points here (`${id}-list`): the sentences, not the heading, describe it. */}
      <ul id={`${id}-list`} className="mt-1 list-disc pl-5">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </section>
  );
}
