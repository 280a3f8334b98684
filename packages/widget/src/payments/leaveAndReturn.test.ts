import { beforeEach, describe, expect, it } from 'vitest';
import { ReceiptSchema } from '@pasarela/core';
import * as v from 'valibot';
import { formAfterRefusal, resultAfterReturn } from './afterReturn';
import { leaveAddress, returnFromAddress, saveReturn, shownScheme, takeReturn } from './leaveAndReturn';

const form = new URL('https://checkout.test/pf/widget?type=lk&code=A&lang=en&parentOrigin=https%3A%2F%2Fshop.test');
const receipt = (fields: Record<string, unknown>) =>
  v.parse(ReceiptSchema, { codOper: 'OP1', status: 1, totalPay: 26.75, email: 'ana@example.com', messageSys: '', ...fields });

describe('leaving for an outside page and coming back', () => {
  beforeEach(() => sessionStorage.clear());

  it('gives our own page a return address with the sticky params and the form it left', () => {
    const address = new URL(leaveAddress('https://checkout.test/sandbox/clave/OP1', '/pf/widget/returnclave?Oper=OP1', form));
    const back = new URL(address.searchParams.get('returnTo') ?? '', form);
    expect(back.pathname).toBe('/pf/widget/returnclave');
    expect(back.searchParams.get('Oper')).toBe('OP1');
    expect(back.searchParams.get('parentOrigin')).toBe('https://shop.test');
    expect(back.searchParams.get('lang')).toBe('en');
    expect(returnFromAddress(back)).toEqual({ formPath: form.pathname + form.search, email: '', returnUrl: '' });
  });

  // Issue 96: in the shop's modal dialog our bank and 3DS pages keep Tab inside the frame too.
  it('tells our own page it is in the shop\'s modal dialog, and only then', () => {
    const modal = new URL(form.href);
    modal.searchParams.set('modal', '1');
    expect(new URL(leaveAddress('https://checkout.test/sandbox/3ds/OP1', '/pf/default-receipt/OP1', modal)).searchParams.get('modal')).toBe('1');
    // And the address it returns to, whose page keeps Tab inside again (main.tsx keepTabInside).
    const back = new URL(new URL(leaveAddress('https://checkout.test/sandbox/3ds/OP1', '/pf/default-receipt/OP1', modal)).searchParams.get('returnTo') ?? '', 'https://checkout.test');
    expect(back.searchParams.get('modal')).toBe('1');
    expect(new URL(leaveAddress('https://checkout.test/sandbox/3ds/OP1', '/pf/default-receipt/OP1', form)).searchParams.has('modal')).toBe(false);
    expect(leaveAddress('https://bank.test/pay?x=1', '/pf/widget/returnclave?Oper=OP1', modal)).toBe('https://bank.test/pay?x=1');
  });

  // Issue 48: the bank and 3DS pages have a dark mode; the checkout passes the scheme it shows.
  it('passes our own page the scheme the checkout shows, when its appearance set one', () => {
    expect(new URL(leaveAddress('https://checkout.test/sandbox/3ds/OP1', '/pf/default-receipt/OP1', form, 'dark')).searchParams.get('theme')).toBe('dark');
    expect(new URL(leaveAddress('https://checkout.test/sandbox/3ds/OP1', '/pf/default-receipt/OP1', form, undefined)).searchParams.has('theme')).toBe(false);
    expect(leaveAddress('https://bank.test/pay?x=1', '/pf/widget/returnclave?Oper=OP1', form, 'dark')).toBe('https://bank.test/pay?x=1');
    const root = document.createElement('div');
    expect(shownScheme(root)).toBeUndefined();
    root.style.colorScheme = 'dark';
    expect(shownScheme(root)).toBe('dark');
    root.style.colorScheme = 'light dark';
    expect(shownScheme(root)).toBeUndefined();
  });

  it('tells a foreign page nothing', () => {
    expect(leaveAddress('https://bank.test/pay?x=1', '/pf/widget/returnclave?Oper=OP1', form)).toBe('https://bank.test/pay?x=1');
    expect(leaveAddress('https://bank.test/pay?returnTo=%2Fx', '/pf/widget/returnclave?Oper=OP1', form)).toBe('https://bank.test/pay?returnTo=%2Fx');
  });

  it("gives the simulator's page on its own origin, which asks with an empty returnTo, the way back and the scheme", () => {
    const address = new URL(leaveAddress('http://127.0.0.1:4100/clave/OP1?returnTo=', '/pf/widget/returnclave?Oper=OP1', form, 'dark'));
    expect(address.origin + address.pathname).toBe('http://127.0.0.1:4100/clave/OP1');
    expect(address.searchParams.get('theme')).toBe('dark');
    const back = new URL(address.searchParams.get('returnTo') ?? '', form);
    expect(back.pathname + back.searchParams.get('Oper')).toBe('/pf/widget/returnclaveOP1');
    expect(back.searchParams.get('parentOrigin')).toBe('https://shop.test');
  });

  it('never goes back to a form on another origin', () => {
    expect(returnFromAddress(new URL('https://checkout.test/pf/widget/returnclave?Oper=OP1&from=%2F%2Fevil.test')).formPath).toBe('');
  });

  it('keeps one pending return per method and hands it out once', () => {
    saveReturn(sessionStorage, 'clave', { formPath: '/pf/widget?code=A', email: 'a@b.co', returnUrl: '' });
    expect(takeReturn(sessionStorage, 'card')).toBeNull();
    expect(takeReturn(sessionStorage, 'clave')?.email).toBe('a@b.co');
    expect(takeReturn(sessionStorage, 'clave')).toBeNull();
  });

  it('ignores a stored return whose form is not on this origin', () => {
    sessionStorage.setItem('pasarela.return.clave', JSON.stringify({ formPath: 'https://evil.test/' }));
    expect(takeReturn(sessionStorage, 'clave')).toBeNull();
  });

  it('goes back to the form with the reason and the method to show', () => {
    expect(formAfterRefusal('/pf/widget?type=lk&code=A&error=old', 'payment_declined', 'clave')).toBe(
      '/pf/widget?type=lk&code=A&error=payment_declined&method=clave',
    );
  });

  it.each([
    // SPEC 4 Clave: 0 declined, 1 approved, -1 pending; APPROVED or PENDING notify success.
    [1, 'success', 'APPROVED'],
    [-1, 'success', 'PENDING'],
    [0, 'error', 'DECLINED'],
  ] as const)('reports a Clave receipt with status %s as %s (%s)', (status, outcome, estado) => {
    const result = resultAfterReturn('clave', receipt({ status, typeMethod: 'CLAVE' }), { formPath: '', email: '', returnUrl: '' }, new Date('2026-11-21T17:30:00Z'));
    expect(result).toMatchObject({ status: outcome, method: 'clave', notification: { Estado: estado, Oper: 'OP1', TotalPagado: '26.75', Tipo: 'CLAVE', Usuario: 'ana@example.com' } });
  });

  it('reads a card receipt by its brand, and prefers the e-mail the payer typed', () => {
    const result = resultAfterReturn('card', receipt({ status: 0, cardType: 'VISA' }), { formPath: '', email: 'typed@example.com', returnUrl: '' }, new Date());
    expect(result).toMatchObject({ status: 'error', method: 'card', notification: { Estado: 'DECLINED', Tipo: 'VISA', Usuario: 'typed@example.com' } });
  });

  // docs/events.md: a payer's cancel is told by its own key, the same for a 3DS challenge as for a Clave page.
  it.each([
    ['a 3DS challenge the payer cancelled', 'card', { status: 0, cardType: 'VISA', authStatus: 'CANCELLED', messageSys: 'Pago cancelado antes de completarse; no se hizo ningún cargo' }, { key: 'payment_cancelled', text: 'Pago cancelado antes de completarse; no se hizo ningún cargo' }],
    ['a Clave page the payer cancelled', 'clave', { status: 0, typeMethod: 'CLAVE', authStatus: 'CANCELLED', messageSys: 'Payment cancelled before it was completed; nothing was charged' }, { key: 'payment_cancelled', text: 'Payment cancelled before it was completed; nothing was charged' }],
    ["the issuer's refusal (its words, the catalogue fills the key)", 'card', { status: 0, cardType: 'VISA', authStatus: 'DECLINED', messageSys: 'Fondos insuficientes' }, undefined],
  ] as const)('%s', (_case, method, fields, reason) => {
    const result = resultAfterReturn(method, receipt(fields), { formPath: '', email: '', returnUrl: '' }, new Date());
    expect(result.status).toBe('error');
    expect(result.reason).toEqual(reason);
    expect(result.notification.Razon).toBe(fields.messageSys);
  });
});
