import { describe, expect, it } from 'vitest';
import { typedLinkTargets } from './paymentCodeEntry';

describe('typedLinkTargets: what a code typed on the main page may name, as the router reads a link\'s address', () => {
  it.each([
    // A slug is lower case: one typed in capitals (a phone's keyboard) is looked up as its link writes it.
    ['LKDEMO0001', [{ type: 'lk', code: 'LKDEMO0001' }, { type: 'slug', code: 'lkdemo0001' }]],
    ['TIENDA-DEMO', [{ type: 'lk', code: 'TIENDA-DEMO' }, { type: 'slug', code: 'tienda-demo' }]],
    ['  tienda-demo ', [{ type: 'lk', code: 'tienda-demo' }, { type: 'slug', code: 'tienda-demo' }]],
    ['abc', [{ type: 'lk', code: 'abc' }, { type: 'slug', code: 'abc' }]],
    // A route of the checkout's own is no slug, though a link's code may read so.
    ['pf', [{ type: 'lk', code: 'pf' }]],
    ['PF', [{ type: 'lk', code: 'PF' }]],
    ['mi tienda', []],
    ['tienda/A1', []],
    ['-tienda', []],
    ['', []],
  ])('%j', (typed, expected) => {
    expect(typedLinkTargets(typed)).toEqual(expected);
  });
});
