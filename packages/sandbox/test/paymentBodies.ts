import { randomUUID } from 'node:crypto';
import { cardPayloadOf, freshCaptchaToken, newLink, testCardNumber, type TestApp } from './testApp';
import { tokenizeTestCard, type TokenizedCard } from './testCardVault';

export interface PaymentFixtures {
  link: string;
  /** Without a price: the open-amount case. */
  openStation: string;
  /** Donations of 1 to 500. */
  bridgeId: number;
  subscriptionKey: string;
  planId: number;
  /** Cards typed into the vault beforehand, taken in turn: each body's card, so that bodies stay a plain list. */
  cards: readonly TokenizedCard[];
}

const CARD_POOL = 16;
let turn = 0;
const nextCard = (f: PaymentFixtures) => f.cards[turn++ % f.cards.length]!;

export async function paymentFixtures(t: TestApp): Promise<PaymentFixtures> {
  const link = await newLink(t);
  const openStation = `OPEN-${randomUUID().slice(0, 8)}`;
  const station = await t.admin('POST', '/stations', { stationId: openStation, description: 'Caja abierta', amount: 0 });
  if (station.status !== 201) throw new Error(`station not created: ${JSON.stringify(station.json)}`);
  const bridge = await t.admin('POST', '/campaigns', { title: 'Donación', minAmount: 1, maxAmount: 500 });
  if (bridge.status !== 201) throw new Error(`campaign not created: ${JSON.stringify(bridge.json)}`);
  const plan = await t.admin('POST', '/plans', { name: 'Plan', amount: 9.99, period: 'MO' });
  if (plan.status !== 201) throw new Error(`plan not created: ${JSON.stringify(plan.json)}`);
  const planId = Number(plan.json['idPlan'] ?? plan.json['id']);
  const sub = await t.post('/subscriptions', { idPlan: planId, email: 'pagador@example.com' });
  const cards = await Promise.all(Array.from({ length: CARD_POOL }, () => tokenizeTestCard({ number: testCardNumber(randomUUID()) })));
  return { link, openStation, bridgeId: Number(bridge.json['idBridge']), subscriptionKey: String(sub.data['subscriptionKey']), planId, cards };
}

/** Each body with its own captcha token (a token counts once), also for a test that posts it raw. */
export function paymentBodies(f: PaymentFixtures, code: string): Array<{ path: string; withToken: boolean; body: Record<string, unknown> }> {
  const contact = { code, email: 'pagador@example.com', trackId: randomUUID(), captchaToken: freshCaptchaToken() };
  const card = cardPayloadOf(code, { ...nextCard(f) });
  return [
    { path: '/cards/auth-capture', withToken: false, body: { ...card, additionalData: { ...card.additionalData, captchaToken: freshCaptchaToken() }, amountToCampaign: 5, idCampaignBridge: f.bridgeId } },
    { path: '/nequi/push', withToken: false, body: { ...contact, phone: '61111111' } },
    { path: '/yappy/payments', withToken: false, body: { ...contact, phone: '61111111' } },
    { path: '/cash/pay-cash', withToken: false, body: { ...contact, phone: '61111111' } },
    { path: '/cash/cash-point', withToken: false, body: { ...contact, phone: '61111111' } },
    { path: '/clave/payments', withToken: false, body: contact },
    { path: '/crypto/payments', withToken: false, body: { codeProcess: code, currency: 'BTC', network: 'BTC', email: 'pagador@example.com', trackId: randomUUID(), captchaToken: freshCaptchaToken() } },
    { path: '/activity/pay', withToken: true, body: { sourceSearch: { paymentCode: code }, useFunds: true, trackId: randomUUID(), captchaToken: freshCaptchaToken() } },
    { path: '/activity/send', withToken: true, body: { to: 'amigo@example.com', amount: 5, description: 'Almuerzo' } },
    { path: `/subscriptions/${f.subscriptionKey}/pay`, withToken: false, body: { cardInformation: cardPayloadOf(code, { ...nextCard(f) }).cardInformation, trackId: randomUUID(), captchaToken: freshCaptchaToken() } },
  ];
}

/** 1e999 stays 1e999, not null. */
export function withRawNumber(body: Record<string, unknown>, field: string, numberText: string): string {
  const marker = `__raw_${randomUUID()}__`;
  return JSON.stringify({ ...body, [field]: marker }).replace(`"${marker}"`, numberText);
}

export const encodeJsonText = (json: string) => Buffer.from(Buffer.from(json, 'utf8').toString('base64')).toString('hex');
