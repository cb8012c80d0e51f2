import { describe, expect, it } from 'vitest';
import { contestDeclaration } from '../../formats/contestFormat.ts';
import type { ListColumn } from '../../formats/formatDeclaration.ts';
import { generatorDeclaration } from '../../formats/generatorFormat.ts';
import { instagramDeclaration } from '../../formats/instagramFormat.ts';
import { liveBlogDeclaration } from '../../formats/liveBlogFormat.ts';
import { mosaicDeclaration } from '../../formats/mosaicFormat.ts';
import { popinDeclaration } from '../../formats/popinFormat.ts';
import { quotationDeclaration } from '../../formats/quotationFormat.ts';
import { shoppingDeclaration } from '../../formats/shoppingFormat.ts';
import { cellText, linksToEditor, listWords, rightAligned } from './formatListModel.ts';

const row = { id: 7, status: 'draft' as const };
const column = (kind: ListColumn['kind'], field = 'value', to?: string): ListColumn => ({
  field,
  heading: 'H',
  kind,
  ...(to ? { to } : {}),
});

describe('the list words of every format (what the newsroom e2e specs click and read)', () => {
  it.each([
    [contestDeclaration, 'Nouveau concours', 'Aucun concours pour l’instant.', '2 concours'],
    [generatorDeclaration, 'Nouveau générateur', 'Aucun générateur pour l’instant.', '2 générateurs de répartie'],
    [instagramDeclaration, 'Nouveau post', 'Aucun post pour l’instant.', '2 posts Instagram'],
    [liveBlogDeclaration, 'Nouveau direct', 'Aucun direct pour l’instant.', '2 directs'],
    [mosaicDeclaration, 'Nouvelle mosaïque', 'Aucune mosaïque pour l’instant.', '2 mosaïques'],
    [popinDeclaration, 'Nouvelle popin', 'Aucune popin pour l’instant.', '2 popins'],
    [quotationDeclaration, 'Nouvelle citation', 'Aucune citation pour l’instant.', '2 citations'],
    [shoppingDeclaration, 'Nouveau produit', 'Aucun produit pour l’instant.', '2 produits'],
  ])('%#: %s', (format, newLink, empty, caption) => {
    const words = listWords(format.noun);
    expect(words.newLink).toBe(newLink);
    expect(words.empty).toBe(empty);
    expect(words.caption(2)).toBe(caption);
  });

  it('says one item in the singular', () => {
    expect(listWords(mosaicDeclaration.noun).caption(1)).toBe('1 mosaïque');
  });

  it('gives every format one cell that links to its editor', () => {
    for (const format of [
      contestDeclaration,
      generatorDeclaration,
      instagramDeclaration,
      mosaicDeclaration,
      popinDeclaration,
      quotationDeclaration,
    ]) {
      expect(format.list.columns.filter(linksToEditor), format.entity).toHaveLength(1);
    }
  });
});

describe('cellText', () => {
  it('says the editorial state in French, with the date of a scheduled one in Paris time', () => {
    expect(cellText(column('status', 'status'), row)).toBe('Brouillon');
    const now = new Date('2026-02-28T12:00:00Z');
    expect(cellText(column('status', 'status'), { ...row, status: 'scheduled', scheduledAt: '2026-03-01T09:30:00Z' }, {}, now)).toBe(
      'Programmé (demain à 10 h 30)',
    );
    expect(cellText(column('status', 'status'), { ...row, status: 'scheduled', scheduledAt: '2026-04-01T09:30:00Z' }, {}, now)).toBe(
      'Programmé (1er avr. à 11 h 30)',
    );
    expect(cellText(column('status', 'status'), { ...row, status: 'published', scheduledAt: '2026-03-01T09:30:00Z' })).toBe('Publié');
  });

  it('writes dates, periods and prices in French', () => {
    const now = new Date('2026-07-15T12:00:00Z');
    expect(cellText(column('date'), { ...row, value: '2026-07-14T22:15:00Z' }, {}, now)).toBe('aujourd’hui à 00 h 15');
    expect(cellText(column('date'), { ...row, value: '2025-07-01T22:15:00Z' }, {}, now)).toBe('2 juil. 2025 à 00 h 15');
    expect(cellText(column('date'), { ...row, value: null })).toBe('—');
    expect(cellText(column('period', 'value', 'end'), { ...row, value: '2026-05-01T08:00:00Z', end: '2026-05-31T20:00:00Z' })).toBe(
      'du 1er mai 2026 au 31 mai 2026',
    );
    expect(cellText(column('price'), { ...row, value: 4990 })).toBe('49,90 €');
  });

  it('keeps the first line of a long text, cut at 90 characters', () => {
    expect(cellText(column('firstLine'), { ...row, value: 'Réunion de rédaction.\nTroisième café.' })).toBe('Réunion de rédaction.');
    const long = 'a'.repeat(120);
    expect(cellText(column('firstLine'), { ...row, value: long })).toBe(`${'a'.repeat(89)}…`);
  });

  it('shows texts and numbers as they are, and a custom cell through the format’s own function', () => {
    expect(cellText(column('text'), { ...row, value: 'Coco Chanel' })).toBe('Coco Chanel');
    expect(cellText(column('number'), { ...row, value: 3 })).toBe('3');
    expect(cellText(column('custom'), { ...row, value: 'exact' }, { value: (r) => `rule ${String(r.value)}` })).toBe('rule exact');
    expect(cellText(column('custom'), { ...row, value: 'raw' })).toBe('raw');
  });

  it('aligns figures on the right', () => {
    expect(rightAligned(column('number'))).toBe(true);
    expect(rightAligned(column('price'))).toBe(true);
    expect(rightAligned(column('text'))).toBe(false);
  });
});
