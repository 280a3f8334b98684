import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/Database';
import { openTestDatabase } from '../../test/testApp';
import { finishCapture, readHold, reopenHold, startCapture } from './holds';
import { newCodOper } from './insertTransaction';
import { findTransaction } from './transactions';

// A refusal of a capture reopens the hold only while that capture is the one recorded: one that comes
// late (a reconciler's on another node, or the merchant's own first request answered after its time-out)
// must not undo a newer capture the processor made.
let db: Database;
let merchantId: number;
beforeAll(async () => {
  db = await openTestDatabase();
  const [merchant] = await db.query<{ id: number }>("insert into merchants (name, web_code, tx_limit_cents) values ('Retenciones S.A.', 'holds', 10000000) returning id");
  merchantId = merchant?.id ?? 0;
});
afterAll(async () => {
  await db.close();
});

describe('a hold\'s capture refused late', () => {
  it('leaves a newer capture of another amount as it is, to be recorded with its books line', async () => {
    const codOper = newCodOper();
    await db.query(
      `insert into transactions (cod_oper, merchant_id, method, amount_cents, status, auth_status, message_key, tx_type, gateway_reference, capture_before)
       values ($1, $2, 'card', 1000, 1, 'APPROVED', 'approved', 'AUTH', 'ch_holds', now() + interval '1 day')`, [codOper, merchantId]);
    // A capture of 5.00 whose answer was lost: left capturing; two reconcilers read it so.
    const capturingFive = await startCapture(db, (await readHold(db, codOper))?.row ?? { cod_oper: codOper, status: 1, auth_status: 'APPROVED' }, 500);
    const readByTheOther = await findTransaction(db, codOper);
    // The first reconciler hears the refusal: the hold is open again.
    await reopenHold(db, capturingFive ?? { cod_oper: codOper, hold_state: null, captured_cents: 0 });
    // The merchant captures 3.00, which the processor makes.
    const second = await readHold(db, codOper);
    const capturingThree = await startCapture(db, second?.row ?? { cod_oper: codOper, status: 1, auth_status: 'APPROVED' }, 300);
    expect(capturingThree?.captured_cents).toBe(300);
    // The second reconciler's refusal of the 5.00 comes now.
    expect(readByTheOther?.captured_cents).toBe(500);
    await reopenHold(db, readByTheOther ?? { cod_oper: codOper, hold_state: null, captured_cents: 0 });
    // The 3.00's answer is recorded: captured, with its books line.
    const done = await db.transaction((tx) => finishCapture(tx, capturingThree as NonNullable<typeof capturingThree>, second?.prices ?? {}, undefined));
    expect(done?.row).toMatchObject({ hold_state: 'captured', captured_cents: 300 });
    expect(await db.query('select amount_cents from balance_transactions where cod_oper = $1', [codOper])).toEqual([{ amount_cents: 300 }]);
  });
});
