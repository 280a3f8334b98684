// `npm run test:faults` for a subscription's activation, a saved card and the add-card check: each meets
// the four faults once, the payer retries with the same trackId, and one charge (or kept card) is expected.
import { randomUUID } from 'node:crypto';
import { apiClient, cardBody, outcomeUnknown, payWithRetries, randomVisa, tokenize } from './payer.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const WIDGET_KEY = 'pk_sandbox_pasarela_widget';

export const PAYER_FAULTS = [
  ['time-out (answer later than the payer waits, 1.5 s)', { nth: [1], action: 'delay', ms: 3_000 }, 1_500],
  ['lost answer (dropped after the server answered)', { nth: [1], action: 'drop' }, 4_000],
  ['error before (502 before the server saw it)', { nth: [1], action: '502-before' }, 4_000],
  ['error after (502 after the server answered)', { nth: [1], action: '502-after' }, 4_000],
];

async function adminPost(url, path, body) {
  const res = await fetch(`${url}/sandbox${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 201 && res.status !== 200) throw new Error(`POST /sandbox${path} answered ${res.status}`);
  return res.json();
}

async function newWalletUser(sandbox, cards = []) {
  const login = `f${randomUUID().slice(0, 8)}`;
  await adminPost(sandbox.url, '/users', { email: `${login}@example.com`, login, password: 'Segura#2026', cards });
  const answer = await apiClient(sandbox.url).call('POST', '/users/login', { login, password: 'Segura#2026' });
  if (answer.status !== 200) throw new Error(`login answered ${answer.status}`);
  // A wallet token goes with the widget's key, not the guest's.
  return { authorization: `Bearer ${answer.data.token}`, 'x-api-key': WIDGET_KEY };
}

async function throughFault(sandbox, proxy, path, fault, timeoutMs, headers, run) {
  proxy.clearFaults();
  const counters = { fiveXX: 0, noAnswer: 0 };
  const api = apiClient(proxy.url, { timeoutMs, counters, headers });
  const lostBefore = proxy.stats.lost;
  const rule = proxy.fault({ method: 'POST', path, ...fault });
  const outcome = await run(api);
  proxy.clearFaults();
  // The delayed answer may still be on its way: let it land before counting.
  await sleep(fault.action === 'delay' ? (fault.ms ?? 0) : 100);
  const counted = await outcome.count();
  return {
    made: counted, expected: 1, fiveXX: counters.fiveXX, lost: proxy.stats.lost - lostBefore,
    // A fault that never struck proves nothing.
    ok: counted === 1 && outcome.answered && rule.hits > 0 && (outcome.ok ?? true),
    note: `${rule.hits} answer(s) spoiled, ${outcome.sends} send(s)${outcome.note ? `, ${outcome.note}` : ''}`,
  };
}

export async function cardKindScenarios({ sandbox, proxy, scenario }) {
  for (const [faultName, fault, timeoutMs] of PAYER_FAULTS) {
    await scenario(`subscription activation: ${faultName}, payer retries`, async (done) => {
      const plan = await adminPost(sandbox.url, '/plans', { name: 'Fallas', period: 'MO', amount: 9, chargeNow: true });
      const sub = await apiClient(sandbox.url).call('POST', '/subscriptions', { idPlan: plan.idPlan, email: 'faults@example.com' });
      if (sub.status !== 200) throw new Error(`POST /subscriptions answered ${sub.status}`);
      const key = sub.data.subscriptionKey;
      const number = randomVisa();
      const card = await tokenize(sandbox.vault.url, number);
      const body = (trackId) => ({
        requestPay: { ...cardBody(key, trackId, card), amount: 9, serviceCode: 'REC', transactionsType: 'REC', txChannel: 'EPR' },
        activateSubscription: { idSubscription: sub.data.idSubscription, subscriptionKey: key }, serviceCode: 'REC', idMerchant: sub.data.plan.idMerchant,
      });
      done(await throughFault(sandbox, proxy, /^\/api\/v1\/process-tx/, fault, timeoutMs, {}, async (api) => {
        const paid = await payWithRetries(api, (trackId) => api.call('POST', '/process-tx', body(trackId)));
        return {
          sends: paid.sends, answered: paid.answer?.status === 200 && paid.answer.data?.status === 1, note: `outcome via ${paid.via}`,
          // The card's approved charges (its last four on this new random card), and the subscription active (409 when looked up).
          async count() {
            const recent = await (await fetch(`${sandbox.url}/sandbox/transactions/recent?method=card`)).json();
            return recent.transactions.filter((t) => t.displayNum === `**** ${number.slice(-4)}` && t.status === 1 && t.amount === 9).length;
          },
          ok: (await apiClient(sandbox.url).call('GET', `/subscriptions/${key}`)).status === 409,
        };
      }));
    });
  }
  for (const [faultName, fault, timeoutMs] of PAYER_FAULTS) {
    await scenario(`saved card (activity pay): ${faultName}, payer retries`, async (done) => {
      const auth = await newWalletUser(sandbox, [{ brand: 'VISA', last4: randomVisa().slice(-4) }]);
      const cards = await apiClient(sandbox.url, { headers: auth }).call('GET', '/users/me/cards');
      const idUsrCard = cards.data?.cards?.[0]?.idRelCard;
      if (typeof idUsrCard !== 'number') throw new Error(`the user's saved card was not listed (${cards.status})`);
      const res = await fetch(`${sandbox.url}/sandbox/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 10, description: 'Tarjeta guardada con falla' }) });
      const { code } = await res.json();
      done(await throughFault(sandbox, proxy, /^\/api\/v1\/activity\/pay/, fault, timeoutMs, auth, async (api) => {
        const paid = await payWithRetries(api, (trackId) => api.call('POST', '/activity/pay', { sourceSearch: { paymentCode: code }, idUsrCard, trackId, captchaToken: `faults-person-${trackId}` }));
        const status = paid.answer?.data?.activityResult?.status ?? paid.answer?.data?.status;
        return {
          sends: paid.sends, answered: paid.answer?.status === 200 && status === 1, note: `outcome via ${paid.via}`,
          async count() {
            const listed = await (await fetch(`${sandbox.url}/sandbox/transactions?code=${encodeURIComponent(code)}`)).json();
            return listed.transactions.filter((t) => t.status === 1).length;
          },
        };
      }));
    });
  }
  for (const [faultName, fault, timeoutMs] of PAYER_FAULTS) {
    await scenario(`wallet card check (add card): ${faultName}, payer retries`, async (done) => {
      const auth = await newWalletUser(sandbox);
      const card = { cardNumber: await tokenize(sandbox.vault.url), expMonth: '12', expYear: '34', nameOnCard: 'ANA PRUEBA', trackId: randomUUID() };
      done(await throughFault(sandbox, proxy, /^\/api\/v1\/users\/me\/cards$/, fault, timeoutMs, auth, async (api) => {
        // The widget keeps the trackId while the answer is unknown: the same check, sent again.
        let answer;
        let sends = 0;
        for (let attempt = 1; attempt <= 12; attempt++) {
          sends += 1;
          answer = await api.call('POST', '/users/me/cards', card);
          if (!outcomeUnknown(answer)) break;
          await sleep(250 * Math.min(attempt, 4));
        }
        return {
          sends, answered: answer?.status === 200 && answer.data?.status === 1,
          note: answer?.status === 200 ? '' : `last answer ${answer?.status} ${answer?.code ?? ''}`,
          async count() {
            const listed = await apiClient(sandbox.url, { headers: auth }).call('GET', '/users/me/cards');
            return listed.data.cards.length;
          },
        };
      }));
    });
  }
}
