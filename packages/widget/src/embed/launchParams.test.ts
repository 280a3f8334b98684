import { beforeEach, describe, expect, it } from 'vitest';
import { launchParams } from './launchParams';

describe('launchParams', () => {
  beforeEach(() => sessionStorage.clear());

  it('remembers parentOrigin and lang for a return without them (3DS)', () => {
    const first = launchParams('?type=lk&code=A&parentOrigin=https%3A%2F%2Fshop.test&lang=en', sessionStorage);
    expect(first.get('code')).toBe('A');
    const back = launchParams('?Oper=OP1', sessionStorage);
    expect(back.get('parentOrigin')).toBe('https://shop.test');
    expect(back.get('lang')).toBe('en');
    expect(back.get('Oper')).toBe('OP1');
  });

  it('remembers that the checkout is the page\'s modal dialog, so Tab still goes round after a 3DS return', () => {
    launchParams('?type=lk&code=A&parentOrigin=https%3A%2F%2Fshop.test&modal=1', sessionStorage);
    expect(launchParams('?Oper=OP1', sessionStorage).get('modal')).toBe('1');
  });

  it('lets a new launch replace what was remembered', () => {
    launchParams('?parentOrigin=https%3A%2F%2Fshop.test&lang=en', sessionStorage);
    launchParams('?parentOrigin=https%3A%2F%2Fother.test', sessionStorage);
    const back = launchParams('', sessionStorage);
    expect(back.get('parentOrigin')).toBe('https://other.test');
    expect(back.get('lang')).toBeNull();
  });
});
