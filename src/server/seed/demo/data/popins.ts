/**
 * Demo marketing popins: one of each type (SPEC §3/§4), with their French texts. Image parts name a
 * generated popin illustration by its key.
 */
import type { DemoPopin, DemoPopinParts, PopinType } from '../types.ts';

export interface PopinDef {
  type: PopinType;
  matchPath: string;
  matchMode: 'exact' | 'prefix';
  priority: number;
  /** How long a success (signup, answer) keeps the popin away. */
  successDays: number;
  trigger: DemoPopin['popin'];
  images: Partial<Record<keyof DemoPopinParts, string>>;
  texts: Partial<DemoPopinParts>;
}

export const POPIN_DEFS: readonly PopinDef[] = [
  {
    type: 'register_complete',
    matchPath: '/',
    matchMode: 'exact',
    priority: 10,
    successDays: 30,
    trigger: { isClose: true, isOpen: false, isOpenDelay: false, timeDelay: 0 },
    images: { background: 'self-care-club', background_mobile: 'self-care-club-mobile' },
    texts: {
      title: 'Rejoignez le SELF CARE CLUB',
      subtitle: 'La newsletter qui prend soin de vous',
      description:
        'Chaque dimanche, des rituels bien-être, nos meilleurs articles et des bons plans rien que pour vous. Gratuit, sans spam, et désinscription en un clic.',
      submit: "Je m'inscris",
    },
  },
  {
    type: 'register_light',
    matchPath: '/beaute',
    matchMode: 'prefix',
    priority: 5,
    successDays: 30,
    trigger: { isClose: false, isOpen: false, isOpenDelay: true, timeDelay: 8 },
    images: { background: 'self-care-club-beaute', background_mobile: 'self-care-club-beaute-mobile' },
    texts: {
      title: 'Le SELF CARE CLUB vous attend',
      subtitle: 'Routines, astuces et produits testés par la rédaction',
      description: 'Inscrivez-vous au SELF CARE CLUB et recevez chaque dimanche notre sélection beauté et bien-être.',
      submit: 'OK',
    },
  },
  {
    type: 'register_choice',
    matchPath: '/mode',
    matchMode: 'prefix',
    priority: 5,
    successDays: 365,
    trigger: { isClose: false, isOpen: true, isOpenDelay: false, timeDelay: 0 },
    images: {
      background: 'newsletters-au-choix',
      background_mobile: 'newsletters-au-choix-mobile',
      choice1_image: 'choix-self-care-club',
      choice2_image: 'choix-piquante-du-lundi',
    },
    texts: {
      title: 'SELF CARE CLUB ou Piquante du lundi ?',
      subtitle: 'Choisissez la newsletter qui vous ressemble',
      description: 'Deux rendez-vous, deux ambiances : cochez celle qui vous fait envie et laissez-nous votre e-mail.',
      submit: "Je m'abonne",
      choice1_type: '1',
      choice1_description: 'Le SELF CARE CLUB : bien-être, beauté et rituels doux, chaque dimanche.',
      choice2_type: '2',
      choice2_description: 'La Piquante du lundi : mode, culture et bons plans pour bien démarrer la semaine.',
    },
  },
  {
    type: 'button',
    matchPath: '/shopping',
    matchMode: 'prefix',
    priority: 5,
    successDays: 30,
    trigger: { isClose: false, isOpen: false, isOpenDelay: true, timeDelay: 5 },
    images: { background: 'bons-plans', background_mobile: 'bons-plans-mobile' },
    texts: {
      title: 'Envie de vous faire plaisir ?',
      subtitle: 'Nos trouvailles de la semaine',
      description: 'Shopping, mosaïques et concours : on vous a préparé le meilleur.',
      button1_text: 'Voir la sélection shopping',
      button1_url: '/shopping',
      button2_text: 'Les concours du moment',
      button2_url: '/concours',
      button3_text: 'Nos mosaïques',
      button3_url: '/mosaiques',
    },
  },
  {
    type: 'survey',
    matchPath: '/culture',
    matchMode: 'prefix',
    priority: 5,
    successDays: 30,
    trigger: { isClose: true, isOpen: false, isOpenDelay: false, timeDelay: 0 },
    images: { background: 'sondage-lectrices', background_mobile: 'sondage-lectrices-mobile' },
    texts: {
      title: 'Une petite question',
      subtitle: 'Votre avis compte pour la rédaction',
      description: 'Quel sujet aimeriez-vous lire plus souvent sur Piquante ?',
      button1_text: 'Plus de mode',
      button2_text: 'Plus de culture',
      button3_text: 'Plus de bien-être',
      button4_text: 'Plus de voyages',
      thanks: 'Merci ! Votre réponse nous aide à préparer les prochains articles.',
    },
  },
];
