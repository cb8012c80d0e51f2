import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { editorActions } from '../../src/features/newsroom/editorVocabulary.ts';
import { editorLabelViolations } from './editorLabels.ts';
import { readShippedSources } from './sourceFiles.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('one vocabulary for every editor’s buttons (issue 39)', () => {
  it('names the shared actions in the newsroom only through editorVocabulary.ts', () => {
    const files = readShippedSources(root, 'src/features/newsroom');
    expect(files.length).toBeGreaterThan(50);
    expect(editorLabelViolations(files)).toEqual([]);
  });

  it('refuses a label of its own for a shared action, and leaves other buttons alone', () => {
    const text = [
      'export const A = () => (',
      '  <div>',
      '    <button type="button" aria-label="Publier maintenant">Publier</button>',
      '    <button type="button">Aperçu</button>',
      "    <button type=\"submit\">{isNew ? 'Créer le brouillon' : 'Enregistrer'}</button>",
      '    <button type="button">Versions</button>',
      '    <button type="submit">Enregistrer le brouillon</button>',
      '    <button type="button" className="Publier">{editorActions.publishNow}</button>',
      '    <button type="button">Ajouter une question</button>',
      '    <ConfirmDialog confirmLabel="Supprimer" />',
      '    <p>Publier demain</p>',
      '  </div>',
      ');',
      "const q = { title: 'Supprimer ?', confirmLabel: 'Supprimer l’image' };",
    ].join('\n');
    const found = editorLabelViolations([{ path: 'src/features/newsroom/SomeEditor.tsx', text }]);
    expect(found.map((line) => line.replace(/ \(.*\)$/, ''))).toEqual([
      'src/features/newsroom/SomeEditor.tsx:3: « Publier »',
      'src/features/newsroom/SomeEditor.tsx:3: « Publier maintenant »',
      'src/features/newsroom/SomeEditor.tsx:4: « Aperçu »',
      'src/features/newsroom/SomeEditor.tsx:5: « Créer le brouillon »',
      'src/features/newsroom/SomeEditor.tsx:5: « Enregistrer »',
      'src/features/newsroom/SomeEditor.tsx:6: « Versions »',
      'src/features/newsroom/SomeEditor.tsx:7: « Enregistrer le brouillon »',
      'src/features/newsroom/SomeEditor.tsx:10: « Supprimer »',
    ]);
  });

  it('gives each action one label, and no two actions the same', () => {
    const labels = Object.values(editorActions);
    expect(new Set(labels).size).toBe(labels.length);
    expect(editorActions.publishNow).toBe('Publier maintenant');
    expect(editorActions.preview).toBe('Créer un lien d’aperçu');
    expect(editorActions.showRevisions).toBe('Afficher les révisions');
  });
});
