import { Hono } from 'hono';
import * as v from 'valibot';
import {
  amountToCents, closedValidationCode, formatAmount, isValidationChargeInRange, SPECIFIC_ERROR_CODES, validationChargeRange, VALIDATION_CANCELED_CODE, VALIDATION_WRONG_AMOUNTS_ALLOWED, type Currency,
} from '@pasarela/core';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { reply } from '../../http/reply';
import { parseOr400 } from '../../payments/validatePayload';
import { confirmValidation, countWrongAnswer, findValidation } from '../../store/validations';

/** SPEC 7 "POST transaction check with option TRANSACTION, action VALID, code as code|amount". */
const CheckSchema = v.object({
  option: v.literal('TRANSACTION', 'missing_arguments'),
  action: v.literal('VALID', 'missing_arguments'),
  code: v.pipe(v.string('missing_arguments'), v.maxLength(100, 'Invalid Code'), v.regex(/^[^|]+\|\d+(\.\d{1,2})?$/, 'Invalid Code')),
}, 'missing_arguments');

/** The range in the charge's currency, as core's amount rules write amounts in a detail (sandbox errorText says it in the answer's language). */
function outOfRange(currency: Currency): ApiError {
  const { min, max } = validationChargeRange(currency);
  return new ApiError(400, 'invalid_amount_validation_tx', `amount must be from ${formatAmount(min, 'en', currency)} to ${formatAmount(max, 'en', currency)}`);
}

/** A validation that takes no more answers: 410 with core closedValidationCode's code (canceled by its wrong amounts, or 619 expired). */
function closed(code: string): ApiError {
  // SPEC 8's 619 goes on the wire as the number it always was.
  return new ApiError(410, code === SPECIFIC_ERROR_CODES.paymentExpired ? 619 : code);
}

/** SPEC 4 "Transaction validation": states without verify 0, confirmed 1, canceled 2. */
export function validationRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/transactions/check', async (c) => {
    const body = parseOr400(CheckSchema, await readObjectBody(c));
    const [codOper = '', amountText = ''] = body.code.split('|');
    const amount = Number(amountText);
    const row = await findValidation(deps.db, codOper);
    // Dollars (SPEC 9) or whole pesos, by the payment's currency; an unknown code is checked as dollars.
    if (!isValidationChargeInRange(amount, row?.currency ?? 'USD')) throw outOfRange(row?.currency ?? 'USD');
    if (!row) throw new ApiError(404, 'Invalid Code');
    if (row.state === 1) return reply(c, { codOper, state: 1, valid: true });
    // docs/sandbox.md "Three wrong answers cancel it; after 24 hours it answers 619".
    const closedBy = closedValidationCode({ state: row.state, attempts: row.attempts, expired: row.expires_at.getTime() <= Date.now() });
    if (closedBy) throw closed(closedBy);
    if (amountToCents(amount) !== row.charge_cents) {
      // Counted in the database, so wrong answers racing on any node take one try each.
      const attempts = await countWrongAnswer(deps.db, row.id, VALIDATION_WRONG_AMOUNTS_ALLOWED);
      if (attempts === undefined) throw closed(await closedCodeNow(codOper));
      // The third wrong amount cancels it, and says so.
      if (attempts >= VALIDATION_WRONG_AMOUNTS_ALLOWED) throw closed(VALIDATION_CANCELED_CODE);
      throw new ApiError(400, 'Invalid Amount', `${VALIDATION_WRONG_AMOUNTS_ALLOWED - attempts} attempts left`);
    }
    // A right answer counts only while the validation awaits one (not after a racing third wrong answer canceled it).
    if (!(await confirmValidation(deps.db, row.id)) && (await findValidation(deps.db, codOper))?.state !== 1) throw closed(await closedCodeNow(codOper));
    return reply(c, { codOper, state: 1, valid: true });
  });
  /** Why a validation a racing answer closed no longer takes one, read again. */
  async function closedCodeNow(codOper: string): Promise<string> {
    const now = await findValidation(deps.db, codOper);
    return (now && closedValidationCode({ state: now.state, attempts: now.attempts, expired: now.expires_at.getTime() <= Date.now() })) ?? SPECIFIC_ERROR_CODES.paymentExpired;
  }
  // SPEC 7 "GET validate payment by id and code".
  app.get('/transactions/:codOper/validation', async (c) => {
    const row = await findValidation(deps.db, c.req.param('codOper'));
    if (!row) throw new ApiError(404, 'Invalid Code');
    const expired = row.state === 0 && row.expires_at.getTime() <= Date.now();
    return reply(c, { codOper: row.cod_oper, state: expired ? 2 : row.state, attempts: row.attempts, expiresAt: row.expires_at.toISOString(), currency: row.currency });
  });
  return app;
}
