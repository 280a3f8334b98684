import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/Database';
import { listenToAdminChanges, type AdminChange } from '../push/adminChanges';
import { openTestDatabase } from '../test/testApp';
import { listMail, sendMail } from './mailbox';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

describe('sendMail', () => {
  it('stores the e-mail and tells the console its id, in one statement', async () => {
    const changes = await listenToAdminChanges(db);
    const heard = new Promise<AdminChange>((resolve) => changes.on('change', resolve));
    await sendMail(db, { to: 'notice@example.com', kind: 'receipt', subject: 'Comprobante', body: 'Pagaste' });
    const [mail] = await listMail(db, 'notice@example.com');
    expect(mail).toMatchObject({ to_email: 'notice@example.com', subject: 'Comprobante', body: 'Pagaste', kind: 'receipt' });
    expect(await heard).toEqual({ type: 'mail', id: mail?.id });
    await changes.close();
  });
});
