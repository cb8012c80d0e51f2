/** Demo marketing popins: one of each type (SPEC §3/§4). */
import { svgImageUrl } from '../media/svgImage.ts';
import { hashKey } from './random.ts';
import { type DemoPopin, type DemoPopinParts, POPIN_PART_KEYS, type PopinType } from './types.ts';

const THIRTY_DAYS = 30 * 24 * 3600;
const ONE_YEAR = 365 * 24 * 3600;

function parts(values: Partial<DemoPopinParts>): DemoPopinParts {
  const all = Object.fromEntries(POPIN_PART_KEYS.map((key) => [key, null])) as DemoPopinParts;
  return { ...all, ...values };
}

function popin(
  type: PopinType,
  matchPath: string,
  matchMode: 'exact' | 'prefix',
  priority: number,
  successDuration: number,
  trigger: DemoPopin['popin'],
  values: Partial<DemoPopinParts>,
): DemoPopin {
  return {
    matchPath,
    matchMode,
    priority,
    type,
    cookie: { hash: hashKey(`popin/${type}${matchPath}`).toString(36), successDuration },
    popin: trigger,
    parts: parts(values),
  };
}

export function buildDemoPopins(): DemoPopin[] {
  return [
    popin('register_complete', '/', 'exact', 10, THIRTY_DAYS, { isClose: true, isOpen: false, isOpenDelay: false, timeDelay: 0 }, {
      background: svgImageUrl('popin', 'self-care-club'),
      background_mobile: svgImageUrl('popin', 'self-care-club-mobile'),
      title: 'Rejoignez le SELF CARE CLUB',
      subtitle: 'La newsletter qui prend soin de vous',
      description:
        'Chaque dimanche, des rituels bien-être, nos meilleurs articles et des bons plans rien que pour vous. Gratuit, sans spam, et désinscription en un clic.',
      submit: "Je m'inscris",
    }),
    popin('register_light', '/beaute', 'prefix', 5, THIRTY_DAYS, { isClose: false, isOpen: false, isOpenDelay: true, timeDelay: 8 }, {
      background: svgImageUrl('popin', 'self-care-club-beaute'),
      background_mobile: svgImageUrl('popin', 'self-care-club-beaute-mobile'),
      title: 'Le SELF CARE CLUB vous attend',
      subtitle: 'Routines, astuces et produits testés par la rédaction',
      description: "Inscrivez-vous au SELF CARE CLUB et recevez chaque dimanche notre sélection beauté et bien-être.",
      submit: 'OK',
    }),
    popin('register_choice', '/mode', 'prefix', 5, ONE_YEAR, { isClose: false, isOpen: true, isOpenDelay: false, timeDelay: 0 }, {
      background: svgImageUrl('popin', 'newsletters-au-choix'),
      background_mobile: svgImageUrl('popin', 'newsletters-au-choix-mobile'),
      title: 'SELF CARE CLUB ou Piquante du lundi ?',
      subtitle: 'Choisissez la newsletter qui vous ressemble',
      description: 'Deux rendez-vous, deux ambiances : cochez celle qui vous fait envie et laissez-nous votre e-mail.',
      submit: "Je m'abonne",
      choice1_type: '1',
      choice1_description: 'Le SELF CARE CLUB : bien-être, beauté et rituels doux, chaque dimanche.',
      choice1_image: svgImageUrl('popin', 'choix-self-care-club'),
      choice2_type: '2',
      choice2_description: 'La Piquante du lundi : mode, culture et bons plans pour bien démarrer la semaine.',
      choice2_image: svgImageUrl('popin', 'choix-piquante-du-lundi'),
    }),
    popin('button', '/shopping', 'prefix', 5, THIRTY_DAYS, { isClose: false, isOpen: false, isOpenDelay: true, timeDelay: 5 }, {
      background: svgImageUrl('popin', 'bons-plans'),
      background_mobile: svgImageUrl('popin', 'bons-plans-mobile'),
      title: 'Envie de vous faire plaisir ?',
      subtitle: 'Nos trouvailles de la semaine',
      description: 'Shopping, mosaïques et concours : on vous a préparé le meilleur.',
      button1_text: 'Voir la sélection shopping',
      button1_url: '/shopping',
      button2_text: 'Les concours du moment',
      button2_url: '/concours',
      button3_text: 'Nos mosaïques',
      button3_url: '/mosaiques',
    }),
    popin('survey', '/culture', 'prefix', 5, THIRTY_DAYS, { isClose: true, isOpen: false, isOpenDelay: false, timeDelay: 0 }, {
      background: svgImageUrl('popin', 'sondage-lectrices'),
      background_mobile: svgImageUrl('popin', 'sondage-lectrices-mobile'),
      title: 'Une petite question',
      subtitle: 'Votre avis compte pour la rédaction',
      description: 'Quel sujet aimeriez-vous lire plus souvent sur Piquante ?',
      button1_text: 'Plus de mode',
      button2_text: 'Plus de culture',
      button3_text: 'Plus de bien-être',
      button4_text: 'Plus de voyages',
      thanks: 'Merci ! Votre réponse nous aide à préparer les prochains articles.',
    }),
  ];
}
