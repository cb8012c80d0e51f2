/** Demo shopping selection (prices in cents, plausible merchant links). */
import { describeSvgImage, svgImageUrl } from '../media/svgImage.ts';
import { slugify } from './text.ts';
import type { DemoShoppingItem } from './types.ts';

const ITEMS: ReadonlyArray<readonly [title: string, description: string, cents: number, merchant: string, link: string]> = [
  ['Robe portefeuille fleurie', "Une robe portefeuille en viscose fluide, parfaite de l'été à l'automne avec des bottes.", 8990, 'La Redoute', 'https://www.laredoute.fr/ppdp/prod-robe-portefeuille-fleurie.aspx'],
  ['Trench beige ceinturé', 'Le trench intemporel, coupe droite et ceinture à nouer, qui sauve toutes les tenues de mi-saison.', 14900, 'Monoprix', 'https://www.monoprix.fr/mode/femme/manteaux/trench-beige-ceinture'],
  ['Pull col rond en cachemire', 'Un pull en cachemire doux et léger, à porter seul ou sur une chemise blanche.', 9990, 'Uniqlo', 'https://www.uniqlo.com/fr/fr/products/pull-col-rond-cachemire'],
  ['Crème hydratante à l\'acide hyaluronique', 'Une crème légère qui hydrate sans effet gras, idéale sous le maquillage.', 2390, 'Typology', 'https://www.typology.com/fr/products/creme-hydratante-acide-hyaluronique'],
  ['Sérum éclat à la vitamine C', 'Quelques gouttes le matin pour un teint plus lumineux, même en plein hiver.', 1290, 'Aroma-Zone', 'https://www.aroma-zone.com/fr/info/fiche-technique/serum-eclat-vitamine-c'],
  ['Bougie parfumée au figuier', 'Une bougie aux notes vertes de figuier pour transformer le salon en jardin méditerranéen.', 6800, 'Diptyque', 'https://www.diptyqueparis.com/fr_fr/p/bougie-parfumee-figuier.html'],
  ['Sac cabas en cuir camel', 'Un grand cabas en cuir souple qui avale ordinateur, carnet et baskets de rechange.', 24500, 'Le Tanneur', 'https://www.letanneur.com/fr/sac-cabas-cuir-camel'],
  ['Baskets blanches en cuir', 'Les baskets blanches qui vont avec tout, fabriquées de façon plus responsable.', 14000, 'Veja', 'https://www.veja-store.com/fr_fr/baskets-blanches-cuir'],
  ['Pyjama en satin', 'Un pyjama en satin champagne pour des soirées cocooning très chics.', 4999, 'Etam', 'https://www.etam.com/fr/pyjama-satin-champagne'],
  ['Plaid en laine à carreaux', 'Un plaid chaud et doux pour les soirées séries de l\'automne.', 5999, 'Maisons du Monde', 'https://www.maisonsdumonde.com/FR/fr/p/plaid-laine-carreaux'],
  ['Carnet de notes en lin', 'Un carnet à couverture en lin pour noter ses idées, ses listes et ses gratitudes.', 1600, 'Papier Tigre', 'https://www.papiertigre.fr/fr/carnet-lin'],
  ['Lunettes de soleil écaille', 'Une monture écaille rétro qui illumine toutes les tenues, été comme hiver.', 3500, 'Izipizi', 'https://www.izipizi.com/fr/lunettes-de-soleil-ecaille'],
  ['Foulard en soie imprimé', 'Un carré de soie à nouer dans les cheveux, autour du cou ou sur l\'anse d\'un sac.', 8500, 'Rouje', 'https://www.rouje.com/fr/foulard-soie-imprime'],
  ['Mug en céramique artisanale', 'Un mug tourné à la main, émaillé de bleu, pour un thé du matin plein de poésie.', 2400, 'Merci', 'https://www.merci-merci.com/fr/mug-ceramique-artisanale'],
  ['Ballerines en cuir', 'Les ballerines iconiques, souples comme des chaussons, qui donnent une allure de danseuse.', 22500, 'Repetto', 'https://www.repetto.com/fr/ballerines-cendrillon-cuir'],
  ['Coffret beauté de Noël', 'Un coffret de soins et de maquillage à offrir (ou à garder pour soi).', 4900, 'Sephora', 'https://www.sephora.fr/p/coffret-beaute-noel'],
  ['Montre dorée vintage', 'Une montre fine au cadran nacré, dans l\'esprit des années 1970.', 8995, 'Cluse', 'https://www.cluse.com/fr/montre-doree-vintage'],
  ['Le Deuxième Sexe, en poche', 'Le classique de Simone de Beauvoir, à lire ou à relire absolument.', 1290, 'Fnac', 'https://livre.fnac.com/le-deuxieme-sexe-poche'],
  ['Tapis de yoga en liège', 'Un tapis antidérapant en liège naturel pour les séances de yoga du matin.', 3999, 'Decathlon', 'https://www.decathlon.fr/p/tapis-de-yoga-liege'],
  ['Huile démaquillante douce', 'Une huile qui fond sur la peau et emporte le maquillage sans tirailler.', 2190, 'Caudalie', 'https://fr.caudalie.com/huile-demaquillante'],
  ['Créoles dorées', 'Des créoles légères plaquées or, à porter tous les jours.', 5900, 'Agatha', 'https://www.agatha.fr/creoles-dorees'],
  ['Jean droit taille haute', 'Le jean droit qui allonge la silhouette, en denim rigide comme autrefois.', 11000, "Levi's", 'https://www.levi.com/FR/fr_FR/jean-droit-taille-haute'],
  ['Théière en fonte', 'Une théière en fonte émaillée qui garde le thé chaud pendant tout un chapitre.', 8900, 'Mariage Frères', 'https://www.mariagefreres.com/fr/theiere-fonte'],
  ['Eau de toilette fleur de cerisier', 'Un parfum floral et frais, comme une promenade sous les cerisiers en fleurs.', 6500, "L'Occitane", 'https://fr.loccitane.com/eau-de-toilette-fleurs-de-cerisier'],
];

export function buildDemoShoppingItems(): DemoShoppingItem[] {
  return ITEMS.map(([title, description, cents, merchant, link], index) => {
    const key = slugify(title);
    return {
      title,
      description,
      image: {
        url: svgImageUrl('shopping', key),
        alt: `${title} : illustration, ${describeSvgImage('shopping', key)}`,
        width: 800,
        height: 1000,
      },
      price: { amount: cents, currency: 'EUR' },
      merchant,
      link,
      position: index + 1,
    };
  });
}
