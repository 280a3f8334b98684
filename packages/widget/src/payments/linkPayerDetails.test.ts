import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { createPayerDetails, type PayerDetail, type PayerDetails } from './payerDetails';
import { linkPayerDetails } from './linkPayerDetails';

/** A method's form: its values in a store, as the card's and cash's are. */
function form<F extends PayerDetail>(fields: readonly F[], initial: Partial<Record<F, string>> = {}) {
  const store = createStore<{ values: Record<F, string> }>()(() => ({ values: Object.fromEntries(fields.map((f) => [f, initial[f] ?? ''])) as Record<F, string> }));
  const type = (field: F, value: string) => store.setState({ values: { ...store.getState().values, [field]: value } });
  /** Several at once, as a draft kept over a 3DS challenge comes back. */
  const restore = (values: Record<F, string>) => store.setState({ values });
  const link = (details: ReturnType<typeof createPayerDetails>) =>
    linkPayerDetails(details, { fields, read: () => store.getState().values, write: type, subscribe: (listener) => store.subscribe(listener) });
  return { values: () => store.getState().values, type, restore, link };
}

// PRODUCT (issue D4): switching method lost the e-mail and phone typed; what the payer typed once is
// offered in every method's form of the same checkout, and the other way round; each form may change it.
describe('the payer\'s details across the methods of one checkout', () => {
  it('typed on the card: the cash form (e-mail, phone) and Nequi (phone) open with them', () => {
    const details = createPayerDetails();
    const card = form(['name', 'email', 'phone']);
    card.link(details);
    card.type('email', 'ana@example.com');
    card.type('phone', '61234567');
    const cash = form(['email', 'phone']);
    cash.link(details);
    const nequi = form(['phone']);
    nequi.link(details);
    expect(cash.values()).toEqual({ email: 'ana@example.com', phone: '61234567' });
    expect(nequi.values()).toEqual({ phone: '61234567' });
  });

  it('the other way round, and into a form already open: what it has not been typed into follows', () => {
    const details = createPayerDetails();
    const card = form(['name', 'email', 'phone']);
    const cash = form(['email', 'phone']);
    card.link(details);
    cash.link(details);
    cash.type('email', 'ana@example.com');
    expect(card.values().email).toBe('ana@example.com');
    cash.type('email', 'ana.maria@example.com');
    expect(card.values().email).toBe('ana.maria@example.com');
  });

  it('a value typed in a form is its own: another form\'s change does not replace it (a phone per method and country)', () => {
    const details = createPayerDetails();
    const card = form(['name', 'email', 'phone']);
    const nequi = form(['phone']);
    card.link(details);
    card.type('phone', '61234567');
    nequi.link(details);
    nequi.type('phone', '3991111111');
    expect(card.values().phone).toBe('61234567');
    expect(nequi.values().phone).toBe('3991111111');
    // A form opened later is offered the last typed.
    const yappy = form(['phone']);
    yappy.link(details);
    expect(yappy.values().phone).toBe('3991111111');
  });

  it('an emptied field offers nothing: the others keep what was typed', () => {
    const details = createPayerDetails();
    const card = form(['email']);
    const cash = form(['email']);
    card.link(details);
    cash.link(details);
    card.type('email', 'ana@example.com');
    card.type('email', '');
    expect(cash.values().email).toBe('ana@example.com');
    expect(details.getState().email).toBe('ana@example.com');
  });

  it('the payment\'s own e-mail is offered; a value a form opens with is kept and offered when the checkout has none', () => {
    const details = createPayerDetails({ email: 'pay@example.com' } satisfies Partial<PayerDetails>);
    const cash = form(['email', 'phone'], { phone: '62222222' });
    cash.link(details);
    expect(cash.values()).toEqual({ email: 'pay@example.com', phone: '62222222' });
    expect(details.getState().phone).toBe('62222222');
  });

  it('unlinked (the form gone), it neither follows nor tells', () => {
    const details = createPayerDetails();
    const card = form(['email']);
    const cash = form(['email']);
    card.link(details);
    const unlink = cash.link(details);
    unlink();
    card.type('email', 'ana@example.com');
    expect(cash.values().email).toBe('');
    cash.type('email', 'b@example.com');
    expect(details.getState().email).toBe('ana@example.com');
  });

  it('several fields back at once (the card\'s details after a 3DS challenge): each is the form\'s own, none replaced by another\'s offer', () => {
    const details = createPayerDetails({ email: 'pay@example.com' });
    const card = form(['name', 'email', 'phone']);
    card.link(details);
    card.restore({ name: 'Ana Perez', email: 'ana.perez@example.com', phone: '+507 6123-4567' });
    expect(card.values()).toEqual({ name: 'Ana Perez', email: 'ana.perez@example.com', phone: '+507 6123-4567' });
    expect(details.getState()).toEqual({ name: 'Ana Perez', email: 'ana.perez@example.com', phone: '+507 6123-4567' });
  });
});
