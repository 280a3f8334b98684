import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/Database';
import { listenToAdminChanges, type AdminChange } from '../changes/adminChanges';
import { openTestDatabase } from '../../test/testApp';
import { listMail, sendMail } from './mailbox';

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
