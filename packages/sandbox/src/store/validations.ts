import type { Queryable } from '../db/Database';

/** SPEC 4 "Transaction validation": a charge the payer reads off the statement; states without verify 0, confirmed 1, canceled 2. */
export interface ValidationRow { id: number; cod_oper: string; charge_cents: number; state: number; attempts: number; expires_at: Date }

/** The validation of a payment; of that merchant's payments only, when merchantId is given. */
export async function findValidation(db: Queryable, codOper: string, merchantId?: number): Promise<ValidationRow | undefined> {
  const [row] = merchantId === undefined
    ? await db.query<ValidationRow>('select * from validations where cod_oper = $1', [codOper])
    : await db.query<ValidationRow>('select v.* from validations v join transactions t on t.cod_oper = v.cod_oper where v.cod_oper = $1 and t.merchant_id = $2', [codOper, merchantId]);
  return row;
}

/** Asks (again) for a validation of the payment: a new charge, its tries and state anew. */
export async function issueValidation(db: Queryable, codOper: string, chargeCents: number, expiresAt: Date): Promise<void> {
  await db.query(
    `insert into validations (cod_oper, charge_cents, expires_at) values ($1, $2, $3)
     on conflict (cod_oper) do update set charge_cents = excluded.charge_cents, state = 0, attempts = 0, expires_at = excluded.expires_at`,
    [codOper, chargeCents, expiresAt],
  );
}

/**
 * Counts a wrong answer by an atomic update, so answers racing on any node each take one; the
 * validation is canceled (2) at maxAttempts. The tries now, or undefined when it no longer awaits answers.
 */
export async function countWrongAnswer(db: Queryable, id: number, maxAttempts: number): Promise<number | undefined> {
  const [row] = await db.query<{ attempts: number }>(
    'update validations set attempts = attempts + 1, state = case when attempts + 1 >= $2 then 2 else 0 end where id = $1 and state = 0 returning attempts',
    [id, maxAttempts],
  );
  return row?.attempts;
}

/** Confirms a validation still awaiting its answer; false when it no longer did. */
export async function confirmValidation(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query('update validations set state = 1 where id = $1 and state = 0 returning id', [id]);
  return rows.length > 0;
}
