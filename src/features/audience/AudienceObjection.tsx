/**
 * The objection switch of the privacy policy page (decision 028). On: this reader's visits are counted
 * (anonymously). Off: the flag `piquante_audience=objected` is written in this browser's localStorage —
 * the same value for everyone, no identifier — and no beacon is sent any more. Global Privacy Control
 * counts as an objection, shown as such, with nothing written.
 */
import { useEffect, useState } from 'react';
import { AUDIENCE_OBJECTION_KEY, audienceObjected, globalPrivacyControl } from './audienceSend.ts';

type State = { objected: boolean; gpc: boolean } | null;

export function AudienceObjection() {
  const [state, setState] = useState<State>(null);
  useEffect(() => setState({ objected: audienceObjected(), gpc: globalPrivacyControl() }), []);

  const toggle = () => {
    if (!state || state.gpc) return;
    try {
      if (state.objected) localStorage.removeItem(AUDIENCE_OBJECTION_KEY);
      else localStorage.setItem(AUDIENCE_OBJECTION_KEY, 'objected');
    } catch {
      // Storage refused: the choice cannot be kept beyond this page, said below.
    }
    setState({ ...state, objected: audienceObjected() });
  };

  const measured = state !== null && !state.objected;
  return (
    <div className="my-4 rounded border border-neutral-300 p-4">
      <div className="flex items-center justify-between gap-4">
        <span id="audience-switch-label" className="font-semibold">
          Compter mes visites dans la mesure d’audience anonyme
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={measured}
          aria-labelledby="audience-switch-label"
          aria-describedby="audience-switch-state"
          disabled={state === null || state.gpc}
          onClick={toggle}
          className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${
            measured ? 'bg-neutral-900' : 'bg-neutral-400'
          }`}
        >
          <span
            className={`inline-block h-5 w-5 rounded-full bg-white transition-transform ${measured ? 'translate-x-6' : 'translate-x-1'}`}
          />
        </button>
      </div>
      <p id="audience-switch-state" className="mt-2 text-sm" aria-live="polite">
        {state === null
          ? 'Chargement de votre choix…'
          : state.gpc
            ? 'Votre navigateur envoie le signal Global Privacy Control : vos visites ne sont pas comptées.'
            : state.objected
              ? 'Vous vous êtes opposé·e à la mesure : vos visites ne sont plus comptées sur ce navigateur.'
              : 'Vos visites sont comptées, sans aucun identifiant.'}
      </p>
    </div>
  );
}
