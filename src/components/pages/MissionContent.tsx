import { appConfig } from '../../../app.config.ts';

/** The mission text, shared by /mission and its web-view variant. */
export function MissionContent() {
  return (
    <>
      <p className="lead">
        {appConfig.site.name} est né d'une conviction simple : on peut parler de mode, de beauté et de bien-être sans jamais prendre ses
        lectrices de haut. Un magazine qui pique, c'est un magazine qui réveille, qui fait sourire et qui ose dire les choses.
      </p>
      <h2>Parler de tout, à hauteur de vie</h2>
      <p>
        Un rouge à lèvres qui tient vraiment, une rupture qui fait mal, un entretien d'embauche qui stresse, un livre qu'on n'arrive pas à
        lâcher : tout ce qui compte dans une vie mérite un article soigné. Nous traitons chaque sujet avec le même sérieux, qu'il s'agisse
        de la charge mentale ou du trench de la saison.
      </p>
      <h2>Des conseils testés, pas des promesses</h2>
      <p>
        Les produits dont nous parlons sont essayés par la rédaction, les adresses visitées, les chiffres vérifiés. Quand un contenu est
        réalisé avec une marque, nous l'indiquons clairement, en tête d'article, avec la mention « Collab ».
      </p>
      <h2>Inclure plutôt que complexer</h2>
      <p>
        Toutes les morphologies, toutes les carnations, tous les budgets et toutes les façons d'aimer ont leur place dans nos pages. Nous
        refusons les injonctions, les régimes miracles et les avant-après qui culpabilisent.
      </p>
      <h2>Garder le sourire</h2>
      <p>
        Nos quiz, nos mosaïques et notre générateur de répartie sont là pour ça : s'accorder une pause légère, rire de nos petites
        contradictions et repartir avec une bonne réplique en poche.
      </p>
      <h2>Rester proches de vous</h2>
      <p>
        Vos messages, vos témoignages et vos réactions sur Instagram nourrissent chaque semaine nos sujets. Écrivez-nous à{' '}
        <a href={`mailto:${appConfig.site.contactEmail}`}>{appConfig.site.contactEmail}</a> : nous lisons tout.
      </p>
    </>
  );
}
