/**
 * One vocabulary for the newsroom's buttons (issue 39, point 9): the labels the newsroom's TSX writes as
 * literals on a button (its text, `aria-label`, `title`) or as a dialog's `confirmLabel` / `cancelLabel`, read
 * from the syntax tree. A literal equal to a word of editorVocabulary.ts (it should name the constant), one
 * starting with a verb of the workflow (« Publier », « Aperçu », « Versions »…: its label belongs in the
 * vocabulary) or one of the labels that once diverged is reported with its file and line.
 */
import ts from 'typescript';
import { editorActions, workflowVerbs } from '../../src/features/newsroom/editorVocabulary.ts';
import type { SourceFile } from './sourceFiles.ts';

/** Labels some editors used for an action of the vocabulary. */
const DIVERGED = ['Enregistrer le brouillon', 'Enregistrer la sélection', 'Recharger l’article', 'Voir les versions'];

const NEWSROOM = 'src/features/newsroom/';
/** Reshaped in parallel by another branch (issue 39's live blog); its labels are listed in that work. */
const PENDING = new Set<string>();

const LABEL_PROPS = new Set(['aria-label', 'title', 'confirmLabel', 'cancelLabel']);
const words = new Set<string>(Object.values(editorActions));

const normal = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Why a literal label diverges from the vocabulary, or null. */
export function labelProblem(text: string): string | null {
  const label = normal(text);
  if (!label) return null;
  if (words.has(label)) return 'écrit en toutes lettres : prendre la constante de editorVocabulary.ts';
  if (DIVERGED.includes(label)) return 'ancien libellé divergent';
  const first = label.split(/[\s’']/)[0] ?? '';
  if ((workflowVerbs as readonly string[]).includes(first)) return 'action du flux éditorial hors de editorVocabulary.ts';
  return null;
}

/** The literal texts an expression can give (both sides of a condition, a template's fixed start). */
function literalsOf(node: ts.Node, found: ts.Node[]) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) {
    found.push(node);
    return;
  }
  // A call's arguments and an element's attributes (a class name, a key) are not labels.
  if (ts.isCallExpression(node) || ts.isJsxAttribute(node)) return;
  ts.forEachChild(node, (child) => literalsOf(child, found));
}

function attributeName(node: ts.JsxAttribute | ts.PropertyAssignment): string {
  return ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) ? node.name.text : node.name.getText();
}

export function editorLabelViolations(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (!file.path.startsWith(NEWSROOM) || !file.path.endsWith('.tsx') || PENDING.has(file.path)) continue;
    const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const report = (node: ts.Node, text: string) => {
      const problem = labelProblem(text);
      if (!problem) return;
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push(`${file.path}:${line}: « ${normal(text)} » (${problem})`);
    };
    const fromExpression = (expression: ts.Node | undefined) => {
      if (!expression) return;
      const literals: ts.Node[] = [];
      literalsOf(expression, literals);
      for (const literal of literals) report(literal, (literal as ts.LiteralLikeNode).text);
    };
    const visit = (node: ts.Node) => {
      if (ts.isJsxElement(node) && node.openingElement.tagName.getText(source) === 'button') {
        for (const child of node.children) {
          if (ts.isJsxText(child)) report(child, child.text);
          else if (ts.isJsxExpression(child)) fromExpression(child.expression);
        }
      }
      const isButton = (n: ts.Node) =>
        (ts.isJsxOpeningElement(n) || ts.isJsxSelfClosingElement(n)) && n.tagName.getText(source) === 'button';
      if (ts.isJsxAttribute(node) && node.initializer) {
        const name = attributeName(node);
        const onButton = isButton(node.parent.parent);
        if ((onButton && LABEL_PROPS.has(name)) || name === 'confirmLabel' || name === 'cancelLabel') {
          if (ts.isStringLiteral(node.initializer)) report(node.initializer, node.initializer.text);
          else fromExpression(node.initializer);
        }
      }
      if (ts.isPropertyAssignment(node) && ['confirmLabel', 'cancelLabel'].includes(attributeName(node))) {
        fromExpression(node.initializer);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
