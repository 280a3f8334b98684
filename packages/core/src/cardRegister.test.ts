import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { cardResultMessage } from './cardMessages';
import { cardCheckMessage, RegisterCardSchema } from './cardRegister';

// SPEC 7 "POST card register (status 0 means error, with messageSys)": the card is kept only when
// the processor saved it (its saveCard); the trackId keys the check.

describe('cardCheckMessage', () => {
  it.each([
    ['three_ds', 'es', 'El banco no confirmó esta tarjeta y no se guardó. Prueba con otra tarjeta.'],
    ['pending', 'en', 'The bank did not confirm this card, so it was not saved. Try another card.'],
    ['generic', 'es', cardResultMessage('generic', 'es')],
    ['approved', 'en', cardResultMessage('approved', 'en')],
  ] as const)('%s in %s', (key, lang, text) => {
    expect(cardCheckMessage(key, lang)).toBe(text);
  });
});

describe('RegisterCardSchema', () => {
  const card = { cardNumber: 'tok_Xk3-9aQ_7bLmN0pR2sT4uV6wY8zA1cE5', expMonth: '12', expYear: '34', nameOnCard: 'ANA', trackId: 'f47ac10b-58cc-4372-a567-0e02b2c3d479' };
  it.each([
    ['a card with its trackId', card, true],
    // Issue 90: the wallet's add-card sends the vault's token, never the number or the CVC.
    ['a card number in place of the token', { ...card, cardNumber: '4242424242424242' }, false],
    ['a CVC', { ...card, cvv: '123' }, false],
    ['no trackId', { ...card, trackId: undefined }, false],
    ['a trackId with a space', { ...card, trackId: 'a b' }, false],
    ['a trackId of 65 characters', { ...card, trackId: 'a'.repeat(65) }, false],
  ] as const)('%s: valid %s', (_label, body, valid) => {
    expect(v.safeParse(RegisterCardSchema, body).success).toBe(valid);
  });

  it.each([
    [{ cardNumber: '4242424242424242' }, 'cardNumber'],
    [{ cvv: '123' }, 'cvv'],
  ])('%j is card_token_required, naming %s', (patch, field) => {
    const r = v.safeParse(RegisterCardSchema, { ...card, ...patch });
    expect(r.success ? null : [v.getDotPath(r.issues[0]!), r.issues[0]!.message]).toEqual([field, 'card_token_required']);
  });
});
