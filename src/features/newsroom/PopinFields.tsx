/**
 * The popin editor's fieldsets: where (target), when (dates, priority, trigger) and what (the type's parts).
 * Controlled by popinFormModel's PopinForm; every input has its label, every group its legend.
 */
import { useId } from 'react';
import { appConfig } from '../../../app.config.ts';
import type { AdminCategory } from '../../api/queries/newsroom.ts';
import type { PopinType } from '../../api/queries/newsroomPopins.ts';
import {
  BUTTONS,
  CHOICES,
  type PartKey,
  type PopinForm,
  partsShown,
  type TargetKind,
  type TriggerKind,
  triggerLabels,
} from './popinFormModel.ts';
import { LibraryAddressField } from './LibraryAddressField.tsx';
import type { LibraryUploadProps } from './LibraryUploadInput.tsx';

export const fieldClass = 'w-full min-w-0 rounded border-2 border-encre px-2 py-1';
const fieldsetClass = 'grid min-w-0 gap-3 rounded border-2 border-encre/30 p-3';

type Change = <K extends keyof PopinForm>(key: K, value: PopinForm[K]) => void;

function TextField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  multiline?: boolean;
  type?: string;
  maxLength?: number;
  name?: string;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className="text-sm font-bold">
        {props.label}
      </label>
      {props.multiline ? (
        <textarea
          id={id}
          name={props.name}
          rows={3}
          value={props.value}
          maxLength={props.maxLength}
          onChange={(e) => props.onChange(e.target.value)}
          aria-describedby={props.hint ? `${id}-aide` : undefined}
          className={fieldClass}
        />
      ) : (
        <input
          id={id}
          name={props.name}
          type={props.type ?? 'text'}
          value={props.value}
          maxLength={props.maxLength}
          onChange={(e) => props.onChange(e.target.value)}
          aria-describedby={props.hint ? `${id}-aide` : undefined}
          className={fieldClass}
        />
      )}
      {props.hint ? (
        <p id={`${id}-aide`} className="text-xs">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

const targetLabels: Record<TargetKind, string> = {
  site: 'Tout le site',
  category: 'Une rubrique (et ses articles)',
  article: 'Un article',
  path: 'Un chemin précis',
};

export function TargetFields({ form, change, categories }: { form: PopinForm; change: Change; categories: AdminCategory[] }) {
  const categoryId = useId();
  return (
    <fieldset className={fieldsetClass}>
      <legend className="px-1 font-bold">Où s’affiche-t-elle ?</legend>
      {(Object.keys(targetLabels) as TargetKind[]).map((kind) => (
        <label key={kind} className="flex cursor-pointer items-center gap-2">
          <input
            type="radio"
            name="target"
            value={kind}
            checked={form.target === kind}
            onChange={() => change('target', kind)}
            className="h-4 w-4"
          />
          {targetLabels[kind]}
        </label>
      ))}
      {form.target === 'category' ? (
        <div className="grid gap-1">
          <label htmlFor={categoryId} className="text-sm font-bold">
            Rubrique
          </label>
          <select id={categoryId} value={form.categorySlug} onChange={(e) => change('categorySlug', e.target.value)} className={fieldClass}>
            <option value="">Choisir une rubrique</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {form.target === 'article' ? (
        <TextField
          label="Adresse de l’article"
          value={form.articlePath}
          onChange={(v) => change('articlePath', v)}
          hint="Collez l’adresse de l’article, par exemple /mode/les-jeans-larges-font-leur-grand-retour."
        />
      ) : null}
      {form.target === 'path' ? (
        <>
          <TextField label="Chemin" value={form.path} onChange={(v) => change('path', v)} hint="Commence par /, par exemple /shopping." />
          <label className="flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              checked={form.pathMode === 'prefix'}
              onChange={(e) => change('pathMode', e.target.checked ? 'prefix' : 'exact')}
              className="h-4 w-4"
            />
            Aussi sur les pages sous ce chemin
          </label>
        </>
      ) : null}
    </fieldset>
  );
}

export function WhenFields({ form, change }: { form: PopinForm; change: Change }) {
  return (
    <fieldset className={fieldsetClass}>
      <legend className="px-1 font-bold">Quand ?</legend>
      {/* One under the other: the sidebar's column is too narrow for two date-and-time fields side by side. */}
      <div className="grid gap-3">
        <TextField label="Début de diffusion" type="datetime-local" value={form.startsAt} onChange={(v) => change('startsAt', v)} />
        <TextField label="Fin de diffusion" type="datetime-local" value={form.endsAt} onChange={(v) => change('endsAt', v)} />
      </div>
      <TextField
        label="Priorité"
        type="number"
        value={form.priority}
        onChange={(v) => change('priority', v)}
        hint="De 0 à 1000 : quand deux popins visent la même page, la plus haute l’emporte."
      />
      <fieldset className="grid gap-2">
        <legend className="text-sm font-bold">Déclencheur</legend>
        {(Object.keys(triggerLabels) as TriggerKind[]).map((kind) => (
          <label key={kind} className="flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              name="trigger"
              value={kind}
              checked={form.trigger === kind}
              onChange={() => change('trigger', kind)}
              className="h-4 w-4"
            />
            {triggerLabels[kind]}
          </label>
        ))}
      </fieldset>
      {form.trigger === 'isOpenDelay' ? (
        <TextField label="Délai (secondes)" type="number" value={form.timeDelay} onChange={(v) => change('timeDelay', v)} />
      ) : null}
      <TextField
        label="Ne plus la montrer après une inscription pendant (jours)"
        type="number"
        value={form.successDays}
        onChange={(v) => change('successDays', v)}
        hint="Fermée sans s’inscrire, elle revient le lendemain."
      />
    </fieldset>
  );
}

const partLabels: Partial<Record<PartKey, string>> = {
  title: 'Titre',
  subtitle: 'Sous-titre',
  description: 'Description',
  background: 'Image (ordinateur)',
  background_mobile: 'Image (mobile)',
  submit: 'Texte du bouton d’inscription',
  thanks: 'Texte de remerciement après la réponse',
};

export function ContentFields({
  form,
  setPart,
  type,
  upload,
}: {
  form: PopinForm;
  setPart: (key: PartKey, value: string) => void;
  type: PopinType;
  /** The editor's runner and message line, for the images uploaded from here. */
  upload: Pick<LibraryUploadProps, 'run' | 'say'>;
}) {
  const shown = new Set(partsShown(type));
  const part = (key: PartKey) => form.parts[key] ?? '';
  const simple = (key: PartKey, extra: { multiline?: boolean; hint?: string; maxLength?: number } = {}) =>
    shown.has(key) ? (
      <TextField key={key} label={partLabels[key] ?? key} value={part(key)} onChange={(v) => setPart(key, v)} {...extra} />
    ) : null;
  const image = (key: PartKey) =>
    shown.has(key) ? (
      <LibraryAddressField label={partLabels[key] ?? key} value={part(key)} onChange={(v) => setPart(key, v)} upload={upload} />
    ) : null;
  const newsletterIds = useId();
  return (
    <fieldset className={fieldsetClass}>
      <legend className="px-1 font-bold">Contenu</legend>
      {simple('title', { maxLength: 300 })}
      {simple('subtitle', { maxLength: 300 })}
      {simple('description', { multiline: true, maxLength: 600 })}
      {image('background')}
      {image('background_mobile')}
      {simple('submit', { maxLength: 300 })}
      {type === 'register_choice'
        ? CHOICES.map((n) => (
            <fieldset key={n} className="grid gap-2 rounded border border-encre/30 p-2">
              <legend className="px-1 text-sm font-bold">Choix {n}</legend>
              <div className="grid gap-1">
                <label htmlFor={`${newsletterIds}-${n}`} className="text-sm font-bold">
                  Newsletter du choix {n}
                </label>
                <select
                  id={`${newsletterIds}-${n}`}
                  value={part(`choice${n}_type` as PartKey)}
                  onChange={(e) => setPart(`choice${n}_type` as PartKey, e.target.value)}
                  className={fieldClass}
                >
                  {Object.entries(appConfig.newsletter.types).map(([value, name]) => (
                    <option key={value} value={value}>
                      {name}
                    </option>
                  ))}
                </select>
              </div>
              <TextField
                label={`Texte du choix ${n}`}
                value={part(`choice${n}_description` as PartKey)}
                onChange={(v) => setPart(`choice${n}_description` as PartKey, v)}
              />
              <LibraryAddressField
                label={`Image du choix ${n}`}
                value={part(`choice${n}_image` as PartKey)}
                onChange={(v) => setPart(`choice${n}_image` as PartKey, v)}
                upload={upload}
              />
            </fieldset>
          ))
        : null}
      {type === 'button' || type === 'survey' ? (
        <fieldset className="grid gap-2 rounded border border-encre/30 p-2">
          <legend className="px-1 text-sm font-bold">{type === 'survey' ? 'Réponses (2 à 4)' : 'Boutons (1 à 4)'}</legend>
          {BUTTONS.map((n) => (
            <div key={n} className="grid gap-2 sm:grid-cols-2">
              <TextField
                label={type === 'survey' ? `Réponse ${n}` : `Texte du bouton ${n}`}
                value={part(`button${n}_text` as PartKey)}
                onChange={(v) => setPart(`button${n}_text` as PartKey, v)}
                maxLength={80}
              />
              {type === 'button' ? (
                <TextField
                  label={`Lien du bouton ${n}`}
                  value={part(`button${n}_url` as PartKey)}
                  onChange={(v) => setPart(`button${n}_url` as PartKey, v)}
                  hint="Chemin du site, https:// ou mailto:."
                />
              ) : null}
            </div>
          ))}
        </fieldset>
      ) : null}
      {simple('thanks', { maxLength: 300 })}
    </fieldset>
  );
}
