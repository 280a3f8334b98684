import type { Currency } from '@pasarela/core';
import type { Queryable } from '../db/Database';

/** SPEC 4 "Transaction validation": state 0 awaiting, 1 confirmed, 2 canceled. The charge is in its payment's currency. */
export interface ValidationRow { id: number; cod_oper: string; charge_cents: number; state: number; attempts: number; expires_at: Date; currency: Currency }

export async function findValidation(db: Queryable, codOper: string, merchantId?: number): Promise<ValidationRow | undefined> {
  const [row] = merchantId === undefined
    ? await db.query<ValidationRow>(`select v.*, coalesce(t.currency, 'USD') as currency from validations v left join transactions t on t.cod_oper = v.cod_oper where v.cod_oper = $1`, [codOper])
    : await db.query<ValidationRow>('select v.*, t.currency from validations v join transactions t on t.cod_oper = v.cod_oper where v.cod_oper = $1 and t.merchant_id = $2', [codOper, merchantId]);
  return row;
}

export async function issueValidation(db: Queryable, codOper: string, chargeCents: number, expiresAt: Date): Promise<void> {
  await db.query(
    `insert into validations (cod_oper, charge_cents, expires_at) values ($1, $2, $3)
     on conflict (cod_oper) do update set charge_cents = excluded.charge_cents, state = 0, attempts = 0, expires_at = excluded.expires_at`,
    [codOper, chargeCents, expiresAt],
  );
}

/** Atomic, so answers racing on any node each take one; canceled (2) at maxAttempts. Undefined when no longer awaiting. */
export async function countWrongAnswer(db: Queryable, id: number, maxAttempts: number): Promise<number | undefined> {
  const [row] = await db.query<{ attempts: number }>(
    'update validations set attempts = attempts + 1, state = case when attempts + 1 >= $2 then 2 else 0 end where id = $1 and state = 0 returning attempts',
    [id, maxAttempts],
  );
  return row?.attempts;
}

export async function confirmValidation(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query('update validations set state = 1 where id = $1 and state = 0 returning id', [id]);
  return rows.length > 0;
}
