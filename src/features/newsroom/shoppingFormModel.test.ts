import { describe, expect, it } from 'vitest';
import { centsOf, emptyShoppingForm, eurosOf, priceLabel, shoppingInputOf } from './shoppingFormModel.ts';

describe('the shopping form model', () => {
  it('reads a price typed in euros as cents, and refuses what is not one', () => {
    expect(centsOf('49,90')).toBe(4990);
    expect(centsOf('49.9')).toBe(4990);
    expect(centsOf(' 1 299,00 € ')).toBe(129900);
    expect(centsOf('0')).toBe(0);
    for (const bad of ['', '-5', '49,999', 'douze', '1e3', '12,3,4']) expect(centsOf(bad), bad).toBeNull();
    expect(eurosOf(4990)).toBe('49,90');
    expect(priceLabel(4990)).toBe('49,90 €');
  });

  it('builds the contract input, or says in French why the price is wrong', () => {
    const form = { ...emptyShoppingForm(), title: 'Sac', merchant: 'Monoprix', link: ' https://a.example/x ', price: '12,5' };
    expect(shoppingInputOf(form)).toMatchObject({ ok: true, input: { priceCents: 1250, link: 'https://a.example/x' } });
    expect(shoppingInputOf({ ...form, price: '-3' })).toEqual({ ok: false, message: 'Indiquez le prix en euros, par exemple 49,90.' });
  });
});
