import { describe, expect, it } from 'vitest';
import { merchantTextIn } from './merchantTexts';

describe('merchantTextIn: "every widget string in the payer\'s language" for what the merchant wrote, falling back to its default only where it gave one language', () => {
  const both = { en: { title: 'Give to the Demo Foundation' } };
  it.each([
    ['its words in the payer\'s language', 'Dona a la Fundación Demo', both, 'title', 'en', 'Give to the Demo Foundation'],
    ['the default in the default\'s language', 'Dona a la Fundación Demo', both, 'title', 'es', 'Dona a la Fundación Demo'],
    ['one language given: the default, whatever the payer reads', 'Dona a la Fundación Demo', {}, 'title', 'en', 'Dona a la Fundación Demo'],
    ['another field given: this one\'s default', 'Cada dólar ayuda', both, 'description', 'en', 'Cada dólar ayuda'],
    ['a blank translation is none', 'Pedido', { en: { description: '  ' } }, 'description', 'en', 'Pedido'],
    ['a stored value of another shape is none', 'Pedido', { en: 'Order' }, 'description', 'en', 'Pedido'],
    ['nothing stored', 'Pedido', null, 'description', 'en', 'Pedido'],
  ] as const)('%s', (_why, text, translations, field, lang, expected) => {
    expect(merchantTextIn(text, translations, field, lang)).toBe(expected);
  });
});
