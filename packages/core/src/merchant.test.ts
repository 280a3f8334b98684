import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { parseMerchant, shopLogoOf, shopNameOf } from './merchant';

const raw = {
  idMerchant: 7,
  merchantName: 'Gimnasio Demo',
  webCode: 'WC-7',
  legalRep: 'Ana Diaz',
  logo: '/images/merchants/demo.svg',
  customFields: '[{"id":1,"type":"STRING","nameOrLabel":"Cedula"}]',
  hasPaymentGuest: true,
  txLimit: 1000,
  domainValidation: false,
};

describe('SPEC 3 "Merchant: ... logo (prefixed with the image base address), customFields"', () => {
  it('parses the server shape and prefixes the logo', () => {
    const m = parseMerchant(raw, 'https://cdn.example.com/');
    expect(m).toMatchObject({ idMerchant: 7, merchantName: 'Gimnasio Demo', webCode: 'WC-7', legalRep: 'Ana Diaz', txLimit: 1000, hasPaymentGuest: true });
    expect(m.logo).toBe('https://cdn.example.com/images/merchants/demo.svg');
    expect(m.customFields).toEqual([{ id: 'CF1', type: 'string', description: '', nameOrLabel: 'Cedula', value: null, required: false, options: [] }]);
  });

  it('"merchantId/idMerchant": either name is read; defaults fill the rest', () => {
    const m = parseMerchant({ merchantId: '9', merchantName: 'X', logo: null, customFields: null, txLimit: null }, '');
    expect(m).toEqual({
      idMerchant: 9, merchantName: 'X', webCode: '', legalRep: '', logo: '', customFields: [], hasPaymentGuest: true, txLimit: 0, domainValidation: false, brand: {}, country: 'PA', currency: 'USD',
    });
    // Issue 93: a server that names no currency sells in the country's: pesos in Colombia.
    expect(parseMerchant({ merchantId: '9', merchantName: 'X', country: 'CO' }, '').currency).toBe('COP');
    expect(parseMerchant({ merchantId: '9', merchantName: 'X', country: 'CO', currency: 'USD' }, '').currency).toBe('USD');
    // SPEC 5 "Defaults when missing: ... country Panama"; a code that is not ISO alpha-2 fails the merchant.
    expect(parseMerchant({ idMerchant: 9, merchantName: 'X', country: 'CO' }, '').country).toBe('CO');
    expect(() => parseMerchant({ idMerchant: 9, merchantName: 'X', country: 'Colombia' }, '')).toThrow(v.ValiError);
    expect(() => parseMerchant({ merchantName: 'X' }, '')).toThrow(v.ValiError);
  });

  it.each([
    ['/images/a.svg', '', '/images/a.svg'],
    ['images/a.svg', 'https://cdn.test', 'https://cdn.test/images/a.svg'],
    ['/images/a.svg', 'https://cdn.test///', 'https://cdn.test/images/a.svg'],
    ['https://other.test/a.png', 'https://cdn.test', 'https://other.test/a.png'],
    ['data:image/png;base64,AAAA', '', 'data:image/png;base64,AAAA'],
    [' /images/a.svg ', 'https://cdn.test', 'https://cdn.test/images/a.svg'],
    ['http://other.test/a.png', 'https://cdn.test', 'http://other.test/a.png'],
    ['logos/https://x.test/b.png', 'https://cdn.test', 'https://cdn.test/logos/https://x.test/b.png'],
    ['logos/data:image/x.png', 'https://cdn.test', 'https://cdn.test/logos/data:image/x.png'],
    ['javascript:alert(1)', '', ''],
    ['//evil.test/a.png', '', ''],
    ['', 'https://cdn.test', ''],
    [null, 'https://cdn.test', ''],
  ])('logo %j on image base %j is %j', (path, base, url) => {
    expect(parseMerchant({ ...raw, logo: path }, base).logo).toBe(url);
  });
});

// Issue 48 "The merchant's defaults stored with the merchant: brand colour, display name, logo.
// The checkout, receipts, e-mails and the bank and 3DS pages use them."
describe('the merchant\'s stored brand in its data', () => {
  const logo = '/images/logos/' + 'a'.repeat(64);

  it('carries the colour, the display name and the logo made absolute', () => {
    const m = parseMerchant({ ...raw, brand: { colorPrimary: '#6b3e26', displayName: 'Tostadores del Casco', logoUrl: logo } }, 'https://cdn.test');
    expect(m.brand).toEqual({ colorPrimary: '#6b3e26', displayName: 'Tostadores del Casco', logoUrl: `https://cdn.test${logo}` });
  });

  it.each([
    ['no brand', undefined, {}],
    ['null', null, {}],
    ['only a colour', { colorPrimary: '#0e6e5c' }, { colorPrimary: '#0e6e5c' }],
    ['a logo address no page may load', { logoUrl: 'javascript:alert(1)' }, {}],
  ])('%s', (_, brand, expected) => {
    expect(parseMerchant({ ...raw, brand }, '').brand).toEqual(expected);
  });

  it.each([
    ['a colour name', { colorPrimary: 'red' }],
    ['raw CSS', { colorPrimary: '#fff;background:url(x)' }],
    ['upper-case hex (the server sends lower case)', { colorPrimary: '#6B3E26' }],
    ['an empty display name', { displayName: '' }],
    ['a display name over 60 characters', { displayName: 'x'.repeat(61) }],
  ])('refuses %s', (_, brand) => {
    expect(() => parseMerchant({ ...raw, brand }, '')).toThrow(v.ValiError);
  });

  it.each([
    ['the display name over the legal name', { merchantName: 'Tienda Demo Panamá', brand: { displayName: 'Tostadores del Casco' } }, 'Tostadores del Casco'],
    ['the legal name without a brand', { merchantName: 'Tienda Demo Panamá' }, 'Tienda Demo Panamá'],
    ['the legal name with a brand without a name', { merchantName: 'Tienda Demo Panamá', brand: { colorPrimary: '#000000' } }, 'Tienda Demo Panamá'],
  ])('shopNameOf: %s', (_, merchant, expected) => {
    expect(shopNameOf(merchant)).toBe(expected);
  });

  it.each([
    ['the uploaded logo over the older path', { logo: '/images/merchants/demo.svg', brand: { logoUrl: logo } }, logo],
    ['the older path without an upload', { logo: '/images/merchants/demo.svg', brand: {} }, '/images/merchants/demo.svg'],
    ['nothing', { logo: '' }, ''],
  ])('shopLogoOf: %s', (_, merchant, expected) => {
    expect(shopLogoOf(merchant, '')).toBe(expected);
  });
});
