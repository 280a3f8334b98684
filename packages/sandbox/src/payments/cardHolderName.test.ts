import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenizedCardPayload, createTestApp, newLink, type TestApp } from '../../test/testApp';
import { aroundCardAuthorize } from '../../test/gateways/cardAuthorize';

// A name keeps its accents wherever the payer sees it (the payment's record, its receipt); the card
// processor, which takes plain letters, is sent it transliterated at the port's call (core
// processorName), meeting SPEC 5 only_alpha_characters ("Letters and spaces only, no accents or
// special characters").

const sent: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    wrapGateways: aroundCardAuthorize((authorize, call) => {
      if ('holder' in call.card) sent.push(call.card.holder);
      return authorize(call);
    }),
  });
});
afterAll(() => t.close());

describe('the cardholder name: as written for the payer, plain letters for the processor', () => {
  it('José Núñez pays: the receipt says José Núñez, the processor got Jose Nunez', async () => {
    const res = await t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(t)));
    expect(res.data['status']).toBe(1);
    expect(sent.at(-1)).toBe('Jose Nunez');
    const receipt = await t.get(`/receipts/${String(res.data['codOper'])}`);
    expect(JSON.stringify(receipt.data)).toContain('José Núñez');
    expect(JSON.stringify(receipt.data)).not.toContain('Jose Nunez');
  });
});
