import { describe, expect, it } from 'vitest';
import { hostOfPage, isAllowedPage } from './allowedDomains';

describe('SPEC 4 domainValidation: a page is allowed on one of the merchant\'s domains or a subdomain of one', () => {
  it.each([
    // [allowed domains, host, allowed]
    [['shop.example'], 'shop.example', true],
    [['shop.example'], 'https://pay.shop.example', true],
    [['shop.example'], 'pay.shop.example', true],
    [['Shop.Example'], 'PAY.shop.example', true],
    [['shop.example'], 'badshop.example', false],
    [['shop.example'], 'shop.example.attacker.test', false],
    [['shop.example'], 'example', false],
    [['shop.example'], '', false],
    [[], 'shop.example', false],
    [['', 42, null], 'shop.example', false],
    [[' shop.example '], 'shop.example', true],
    [['shop.example:8443'], 'shop.example', true],
    [['shop.example:8443'], 'pay.shop.example', true],
  ] as const)('%j allows %j: %j', (allowed, host, expected) => {
    expect(isAllowedPage(allowed, host)).toBe(expected);
  });

  it.each([
    ['https://pay.shop.example', 'pay.shop.example'],
    ['http://shop.example:8080', 'shop.example'],
    ['https://shop.example/cart?x=1', 'shop.example'],
    ['SHOP.example', 'shop.example'],
    ['', ''],
  ])('the page %j is on the host %j', (page, host) => {
    expect(hostOfPage(page)).toBe(host);
  });
});
