import { afterEach, describe, expect, it } from 'vitest';
import { formPathOf, markAddress, pendingFromAddress } from './pendingAddress';

const FORM = '/pf/widget?type=lk&code=LINK1&parentOrigin=https%3A%2F%2Fshop.test';

afterEach(() => history.replaceState(null, '', '/'));

describe('the waiting payment in the checkout\'s address (?pending=)', () => {
  it('is written while a payment waits and read back as core\'s RememberedAttempt; taken out when it ends', () => {
    history.replaceState(null, '', FORM);
    markAddress({ method: 'clave', codOper: 'OP1', deadline: null });
    const here = new URL(location.href);
    expect(pendingFromAddress(here)).toEqual({ method: 'clave', codOper: 'OP1', deadline: null });
    expect(formPathOf(here)).toBe(FORM);
    markAddress(null);
    expect(location.pathname + location.search).toBe(FORM);
  });

  it.each([
    ['not JSON', 'clave'],
    ['an unknown method', JSON.stringify({ method: 'paypal', codOper: 'OP1', deadline: null })],
    ['a codOper that is not one', JSON.stringify({ method: 'nequi', codOper: '../admin', deadline: null })],
    ['a deadline that is not a time', JSON.stringify({ method: 'nequi', codOper: 'OP1', deadline: 'soon' })],
  ])('%s is no waiting payment', (_, value) => {
    const url = new URL(`https://checkout.test${FORM}`);
    url.searchParams.set('pending', value);
    expect(pendingFromAddress(url)).toBeNull();
  });
});
