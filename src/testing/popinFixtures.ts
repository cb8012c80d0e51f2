/** For popin test files: valid newsroom bodies of each popin type. */
import type { PopinDraftInput, PopinType } from '../api/types.ts';

const partsByType: Record<PopinType, PopinDraftInput['parts']> = {
  register_complete: { title: 'Rejoignez le club', description: 'Chaque dimanche, le meilleur.', submit: "Je m'inscris" },
  register_light: { title: 'Le club vous attend', submit: 'OK' },
  register_choice: {
    title: 'Quelle newsletter ?',
    background: '/media/svg/popin/choix.svg',
    background_mobile: '/media/svg/popin/choix-mobile.svg',
    submit: "Je m'abonne",
    choice1_type: '1',
    choice1_description: 'Le SELF CARE CLUB',
    choice1_image: '/media/svg/popin/choix-1.svg',
    choice2_type: '2',
    choice2_description: 'La Piquante du lundi',
    choice2_image: '/media/svg/popin/choix-2.svg',
  },
  button: {
    title: 'Nos bons plans',
    button1_text: 'Voir les soldes',
    button1_url: '/shopping',
    button2_text: 'Nous écrire',
    button2_url: 'mailto:redaction@piquante.test',
  },
  survey: { title: 'Une question', description: 'Thé ou café ?', button1_text: 'Thé', button2_text: 'Café', thanks: 'Merci !' },
};

/** A valid draft of `type` targeting `matchPath` (prefix), opening at once. */
export function popinDraftBody(name: string, type: PopinType = 'survey', extra: Partial<PopinDraftInput> = {}): PopinDraftInput {
  return {
    name,
    type,
    matchPath: '/culture',
    matchMode: 'prefix',
    priority: 0,
    successDuration: 30 * 86_400,
    trigger: { isClose: false, isOpen: true, isOpenDelay: false, timeDelay: 0 },
    parts: partsByType[type],
    ...extra,
  };
}
