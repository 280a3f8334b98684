import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/Database';
import { listenToAdminChanges, type AdminChange } from '../changes/adminChanges';
import { openTestDatabase } from '../../test/testApp';
import { checkCode, issueCode, listMail, sendMail } from './mailbox';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

describe('sendMail', () => {
  it('stores the e-mail and tells the console its id and merchant, in one statement', async () => {
    const changes = await listenToAdminChanges(db);
    const heard = new Promise<AdminChange>((resolve) => changes.on('change', resolve));
    await sendMail(db, { to: 'notice@example.com', kind: 'receipt', subject: 'Comprobante', body: 'Pagaste', merchantId: 1 });
    const [mail] = await listMail(db, 'notice@example.com');
    expect(mail).toMatchObject({ to_email: 'notice@example.com', subject: 'Comprobante', body: 'Pagaste', kind: 'receipt', merchant_id: 1 });
    expect(await heard).toEqual({ type: 'mail', id: mail?.id, merchantId: 1 });
    await changes.close();
  });

  it("lists one merchant's e-mails; a wallet e-mail (no merchant) only in the whole mailbox", async () => {
    await sendMail(db, { to: 'codigo@example.com', kind: 'registration_code', subject: 'Tu código', body: '123456' });
    expect(await listMail(db, 'codigo@example.com', 1)).toEqual([]);
    expect(await listMail(db, 'codigo@example.com')).toHaveLength(1);
    expect((await listMail(db, undefined, 1)).map((m) => m.to_email)).toEqual(['notice@example.com']);
    expect(await listMail(db, undefined, 2)).toEqual([]);
  });
});

describe('issueCode', () => {
  it('a new code replaces every older one for the address, whatever its case, as codes are looked up', async () => {
    const first = await issueCode(db, { purpose: 'register', email: 'victim@example.com' });
    const second = await issueCode(db, { purpose: 'register', email: 'VICTIM@example.com' });
    const third = await issueCode(db, { purpose: 'register', email: 'Victim@Example.com' });
    const check = (email: string, code: string) => checkCode(db, { purpose: 'register', email, code, consume: false });
    // Codes of one address that are equal would not tell which one was refused.
    if (first !== third) expect(await check('victim@example.com', first)).toBeUndefined();
    if (second !== third) expect(await check('VICTIM@example.com', second)).toBeUndefined();
    expect(await check('victim@example.com', third)).toMatchObject({ email: 'Victim@Example.com' });
    const [live] = await db.query<{ live: number }>("select count(*)::int as live from verification_codes where lower(email) = 'victim@example.com' and not used");
    expect(live?.live).toBe(1);
  });

  it("a new recovery code replaces the user's older ones, also under another address", async () => {
    await issueCode(db, { purpose: 'recovery', email: 'old-address@example.com', userId: 4242 });
    const latest = await issueCode(db, { purpose: 'recovery', email: 'new-address@example.com', userId: 4242 });
    const [live] = await db.query<{ code: string }>('select code from verification_codes where user_id = 4242 and not used');
    expect(live?.code).toBe(latest);
    const [count] = await db.query<{ live: number }>('select count(*)::int as live from verification_codes where user_id = 4242 and not used');
    expect(count?.live).toBe(1);
  });
});
