import { describe, expect, it } from 'vitest';
import { parentOriginFrom } from './parentOrigin';

// The loader names the shop's page in `parentOrigin`: the checkout talks to that exact origin alone.
describe('parentOriginFrom', () => {
  it.each([
    ['parentOrigin=https%3A%2F%2Fshop.test', 'https://shop.test'],
    ['parentOrigin=http%3A%2F%2Flocalhost%3A4001', 'http://localhost:4001'],
    ['parentOrigin=*', null],
    ['parentOrigin=https%3A%2F%2Fshop.test%2Fpath', null],
    ['parentOrigin=javascript%3Aalert(1)', null],
    ['', null],
  ])('%s -> %s', (query, origin) => {
    expect(parentOriginFrom(new URLSearchParams(query))).toBe(origin);
  });
});
