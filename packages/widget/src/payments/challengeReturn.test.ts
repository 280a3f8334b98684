import { beforeEach, describe, expect, it } from 'vitest';
import { challengeAddress, challengeFromAddress, saveChallenge, takeChallenge } from './challengeReturn';
import { stepsBackToForm } from './afterReturn';

const form = new URL('https://checkout.test/pf/widget?type=lk&code=A&lang=en&parentOrigin=https%3A%2F%2Fshop.test');

describe('3DS return', () => {
  beforeEach(() => sessionStorage.clear());

  it('gives our challenge page a return address that survives without storage', () => {
    const address = new URL(challengeAddress('https://checkout.test/sandbox/3ds/OP1', 'OP1', form));
    const returnTo = address.searchParams.get('returnTo') ?? '';
    const back = new URL(returnTo, form);
    expect(back.pathname).toBe('/pf/default-receipt/OP1');
    expect(back.searchParams.get('parentOrigin')).toBe('https://shop.test');
    expect(back.searchParams.get('lang')).toBe('en');
    expect(challengeFromAddress(back)).toEqual({ formPath: form.pathname + form.search, email: '', returnUrl: '' });
  });

  it('marks the return with the history as the form left it, to step back to the form\'s own entry', () => {
    const back = new URL(new URL(challengeAddress('https://checkout.test/sandbox/3ds/OP1', 'OP1', form, 3)).searchParams.get('returnTo') ?? '', form);
    // Left at entry 3 (length 3): the challenge page and the return make 5; the form is two back.
    expect(stepsBackToForm(back, 5)).toBe(-2);
    expect(stepsBackToForm(back, 3)).toBeNull();
    expect(stepsBackToForm(new URL('https://checkout.test/pf/default-receipt/OP1?challenge=1'), 5)).toBeNull();
    expect(stepsBackToForm(new URL('https://checkout.test/pf/default-receipt/OP1?challenge=1&entries=x'), 5)).toBeNull();
  });

  it('leaves a foreign challenge page alone', () => {
    expect(challengeAddress('https://bank.test/acs?x=1', 'OP1', form)).toBe('https://bank.test/acs?x=1');
  });

  it('ignores a from that leaves the origin', () => {
    const url = new URL('https://checkout.test/pf/default-receipt/OP1?challenge=1&from=%2F%2Fevil.test');
    expect(challengeFromAddress(url)?.formPath).toBe('');
    expect(challengeFromAddress(new URL('https://checkout.test/pf/default-receipt/OP1'))).toBeNull();
  });

  it('reports a stored challenge once', () => {
    saveChallenge(sessionStorage, { formPath: '/pf/widget?code=A', email: 'a@b.co', returnUrl: '' });
    expect(takeChallenge(sessionStorage)?.email).toBe('a@b.co');
    expect(takeChallenge(sessionStorage)).toBeNull();
  });
});
