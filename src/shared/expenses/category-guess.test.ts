import { describe, expect, it } from 'vitest';
import { guessCategory } from './category-guess.ts';

describe('guessCategory', () => {
  it('reads the category from the title in each of the app’s languages', () => {
    const titles: [string, string][] = [
      ['Rent March', 'rent'],
      ['Miete Dezember', 'rent'],
      ['Alquiler de enero', 'rent'],
      ['Electricity bill', 'utilities'],
      ['Stromrechnung', 'utilities'],
      ['Factura de la luz', 'utilities'],
      ['Internet bill', 'internet'],
      ['WLAN Vertrag', 'internet'],
      ['Fibra óptica', 'internet'],
      ['Weekly groceries', 'groceries'],
      ['Lidl', 'groceries'],
      ['Compra en Mercadona', 'groceries'],
      ['Pizza night', 'dining'],
      ['Abendessen beim Italiener', 'dining'],
      ['Taxi home', 'transportation'],
      ['Train tickets to Leeds', 'transportation'],
      ['Cinema', 'entertainment'],
      ['Putzmittel', 'cleaning'],
      ['Plumber', 'maintenance'],
    ];
    for (const [title, category] of titles) expect(guessCategory(title), title).toBe(category);
  });

  it('falls back to Other, never to a category the title does not speak of', () => {
    expect(guessCategory('')).toBe('other');
    expect(guessCategory('   ')).toBe('other');
    expect(guessCategory('Birthday present for Ada')).toBe('other');
    // Short words count only as whole words: 'business' is not a bus, 'Barcelona' not a bar.
    expect(guessCategory('Business cards')).toBe('other');
    expect(guessCategory('Barcelona trip souvenirs')).toBe('other');
    expect(guessCategory('Buses to town')).toBe('transportation');
  });
});
