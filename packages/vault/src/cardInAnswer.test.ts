import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { withoutCard, type ForwardedCard } from './cardInAnswer';

// docs/security.md, "Forwarding": the card the vault put in never goes back in the processor's answer.
const visa: ForwardedCard = { number: '4242424242424242', cvc: '468', cvcNames: ['cvc'] };
const amex: ForwardedCard = { number: '378282246310005', cvc: '2030', cvcNames: ['cvc'] };

const maskedBody = (card: ForwardedCard, body: string, headers = new Headers()) => withoutCard(card, headers, Buffer.from(body, 'latin1'))?.toString('latin1');

describe('a CVC the answer repeats under no name the vault knows', () => {
  it.each([
    ['next to the card in a list', '{"echo":["4242424242424242","12","2030","468"]}', '{"echo":["424242******4242","12","2030","***"]}'],
    ['under a name of the processor\'s own', '{"card":{"pan":"4242424242424242","exp":"12/30","cv":"468"}}', '{"card":{"pan":"424242******4242","exp":"12/30","cv":"***"}}'],
    ['before the card', 'verification=468&card[number]=4242424242424242', 'verification=***&card[number]=424242******4242'],
    ['in a sentence', 'Declined: card 4242 4242 4242 4242 12/30 468 refused', 'Declined: card 424242******4242 12/30 *** refused'],
    ['in a track-like line', '4242424242424242|12|2030|468', '424242******4242|12|2030|***'],
    ['percent-encoded', 'req=card%3D4242424242424242%26check%3D%34%36%38', 'req=card%3D424242******4242%26check%3D***'],
  ])('is starred %s', (_, body, masked) => {
    expect(maskedBody(visa, body)).toBe(masked);
  });

  // The same digits where they are not the CVC: an amount, an expiry, part of another number or
  // identifier, or far from the card, are left as they came (the server reads them).
  it.each([
    ['an amount before the card', '{"amount":468,"card":{"number":"4242424242424242"}}', '{"amount":468,"card":{"number":"424242******4242"}}'],
    ['an amount after the card', 'card[number]=4242424242424242&amount=468&total_amount=468&priceCents=468', 'card[number]=424242******4242&amount=468&total_amount=468&priceCents=468'],
    ['a decimal amount', 'card 4242424242424242: 4.68 or 468.00 USD', 'card 424242******4242: 4.68 or 468.00 USD'],
    ['inside a longer number or an identifier', '{"number":"4242424242424242","ref":"468-A","id":"ch_468","n":"4680","m":"1468"}', '{"number":"424242******4242","ref":"468-A","id":"ch_468","n":"4680","m":"1468"}'],
    ['a longer number percent-encoded', 'n=%31%34%36%38&m=%34%36%38%30&card=4242424242424242', 'n=%31%34%36%38&m=%34%36%38%30&card=424242******4242'],
    ['far from the card', `{"number":"4242424242424242","note":"${'x'.repeat(100)}","other":"468"}`, `{"number":"424242******4242","note":"${'x'.repeat(100)}","other":"468"}`],
    ['with no card in the answer', '{"code":"468"}', '{"code":"468"}'],
  ])('is not starred in %s', (_, body, masked) => {
    expect(maskedBody(visa, body)).toBe(masked);
  });

  it('leaves an expiry year or last four equal to a four-digit CVC', () => {
    expect(maskedBody(amex, '{"number":"378282246310005","exp_year":2030,"last4":"2030","check":"2030"}'))
      .toBe('{"number":"378282*****0005","exp_year":2030,"last4":"2030","check":"****"}');
  });
});

describe('a JSON answer holding the card as a bare number', () => {
  it.each([
    ['an object', '{"number":4242424242424242,"cvc":468,"amount":468}', { number: '424242******4242', cvc: '***', amount: 468 }],
    ['a list, spaced', '[ 4242424242424242 , 12 , 2030 , 468 ]', ['424242******4242', 12, 2030, '***']],
    ['a whole body', '4242424242424242', '424242******4242'],
    ['beside the same number in a string', '{"n":4242424242424242,"s":"4242424242424242 cvc 468","c":468}', { n: '424242******4242', s: '424242******4242 cvc ***', c: '***' }],
  ])('stays JSON in %s, the card a masked string', (_, body, parsed) => {
    const masked = maskedBody(visa, body)!;
    expect(masked).not.toMatch(/4242424242424242|468(?!,|\})/);
    expect(JSON.parse(masked)).toEqual(parsed);
  });
});

describe('the headers that describe the body', () => {
  const describing = (body: Buffer) => ({
    'content-length': String(body.length),
    etag: '"abc123"',
    digest: `sha-256=${createHash('sha256').update(body).digest('base64')}`,
    'content-digest': `sha-256=:${createHash('sha256').update(body).digest('base64')}:`,
    'repr-digest': `sha-256=:${createHash('sha256').update(body).digest('base64')}:`,
    'content-md5': createHash('md5').update(body).digest('base64'),
    'x-processor': 'echo',
  });

  it('are dropped when the body was masked, its length that of the new body', () => {
    const body = gzipSync('{"number":"4242424242424242"}');
    const headers = new Headers({ ...describing(body), 'content-encoding': 'gzip' });
    const masked = withoutCard(visa, headers, body)!;
    expect(gunzipSync(masked).toString()).toBe('{"number":"424242******4242"}');
    expect(Object.fromEntries(headers)).toEqual({ 'content-encoding': 'gzip', 'content-length': String(masked.length), 'x-processor': 'echo' });
  });

  it('are kept when the body holds no card, the bytes as they came', () => {
    const body = Buffer.from('{"status":"declined"}');
    const headers = new Headers(describing(body));
    expect(withoutCard(visa, headers, body)).toBe(body);
    expect(Object.fromEntries(headers)).toEqual(describing(body));
  });
});
