import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { imageUrl, parseMerchant } from './merchant';

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
      idMerchant: 9, merchantName: 'X', webCode: '', legalRep: '', logo: '', customFields: [], hasPaymentGuest: true, txLimit: 0, domainValidation: false,
    });
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
  ])('imageUrl(%j, %j) = %j', (path, base, url) => {
    expect(imageUrl(path, base)).toBe(url);
  });
});
