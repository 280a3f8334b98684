import { describe, expect, it } from 'vitest';
import { parentHasNoOrigin, parentOriginFrom } from './parentOrigin';

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

// docs/events.md `page_has_no_origin`: a page opened from a file or in a sandboxed frame is named
// `file://` (Chromium's name for a file's page) or `null`.
describe('parentHasNoOrigin', () => {
  it.each([
    ['parentOrigin=null', true],
    ['parentOrigin=%20null%20', true],
    ['parentOrigin=https%3A%2F%2Fshop.test', false],
    ['parentOrigin=file%3A%2F%2F', true],
    ['parentOrigin=FILE%3A%2F%2F', true],
    ['parentOrigin=filer.example', false],
    ['', false],
  ])('%s -> %s', (query, noOrigin) => {
    expect(parentHasNoOrigin(new URLSearchParams(query))).toBe(noOrigin);
  });
});
