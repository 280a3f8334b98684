import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../db/Database';
import { openTestDatabase } from '../../test/testApp';
import { checkCode, listMail, sendMail } from './mailbox';
import { renewRegistration, startRegistration, type PendingRegistration } from './pendingRegistrations';

// Step 1 of a sign-up asked again for an address, at the same moment as another step 1 or a "send the
// code again" (two tabs, two nodes), leaves one live code: the one in the address's latest e-mail.

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const waiting = (email: string): PendingRegistration => ({
  email, name: 'Rosa', lastname: 'Vega', phone: '+50761234567', country: 'Panama', address1: '', city: '', howArrive: 'PWW', passwordHash: 'scrypt$x',
});
const mailCode = async (tx: Queryable, to: string, code: string | undefined) => {
  await sendMail(tx, { to, subject: 'Tu código', body: `Tu código es ${code ?? 'ninguno'}`, kind: 'registration_code' });
};
const liveCodes = async (email: string) =>
  db.query<{ id: number; code: string }>(`select id, code from verification_codes where purpose = 'register' and lower(email) = lower($1) and not used and expires_at > now()`, [email]);
const mailedCodes = async (email: string) => (await listMail(db, email)).map((m) => /\b(\d{6})\b/.exec(m.body)?.[1]);

describe('a sign-up code asked again at the same moment', () => {
  it('two step 1 calls at once: one live code, the latest mailed, and only it confirms', async () => {
    const email = 'dos.pestanas@example.com';
    const started = await Promise.all([email, email.toUpperCase()].map((spelt) => startRegistration(db, spelt, waiting(spelt), mailCode)));
    const live = await liveCodes(email);
    expect(live).toHaveLength(1);
    const [latest] = await mailedCodes(email);
    expect(live[0]?.code).toBe(latest);
    const older = started.find((s) => s.code !== latest);
    if (older?.code) {
      const check = (handle?: string) => checkCode(db, { purpose: 'register', email, code: String(older.code), consume: true, ...(handle ? { handle } : {}) });
      expect(await check()).toBeUndefined();
      for (const s of started) expect(await check(s.handle)).toBeUndefined();
    }
  });

  it('a step 1 and a "send the code again" at once: one live code, the latest mailed', async () => {
    const email = 'reenvio.cruzado@example.com';
    const first = await startRegistration(db, email, waiting(email), mailCode);
    await Promise.all([renewRegistration(db, first.handle, mailCode), startRegistration(db, email.toUpperCase(), waiting(email), mailCode)]);
    const live = await liveCodes(email);
    expect(live).toHaveLength(1);
    expect(live[0]?.code).toBe((await mailedCodes(email))[0]);
  });
});
