import type { Dispute } from '@pasarela/gateways';
import { disputeCharge, failRefundLater } from '@pasarela/simulator';
import { receiveGatewayEvent } from '../src/payments/receiveGatewayEvent';
import type { TestApp } from './testApp';

/** The charge's reference at the processor (the simulator's `simch_...`). */
export async function chargeReferenceOf(t: TestApp, codOper: string): Promise<string> {
  const [row] = await t.db.query<{ gateway_reference: string | null }>('select gateway_reference from transactions where cod_oper = $1', [codOper]);
  if (!row?.gateway_reference) throw new Error(`${codOper} has no charge at the processor`);
  return row.gateway_reference;
}

export const disputeFacts = (reference: string, status: Dispute['status'], amountCents: number, stage: Dispute['stage'] = 'chargeback'): Dispute =>
  ({ reference, status, stage, amountCents, currency: 'USD', reason: 'fraudulent', evidenceDueBy: new Date(Date.now() + 7 * 86_400_000) });

let events = 0;

/** The card network opens or moves a dispute on the payment's charge, and its event reaches the server. */
export async function disputeAtProcessor(t: TestApp, codOper: string, dispute: Dispute, eventId = `evt-${dispute.reference}-${(events += 1)}`): Promise<void> {
  const reference = await chargeReferenceOf(t, codOper);
  if (!(await disputeCharge(t.simulator.books, reference, dispute))) throw new Error(`the processor has no approved charge ${reference}`);
  await receiveGatewayEvent(t, { id: eventId, kind: 'dispute', paymentReference: reference, dispute });
}

/** A refund made fails later at the card network (a card closed since); its event is the caller's to send. */
export async function failRefundAtProcessor(t: TestApp, codOper: string, refundId: string): Promise<void> {
  if (!(await failRefundLater(t.simulator.books, await chargeReferenceOf(t, codOper), refundId))) throw new Error(`the processor made no refund ${refundId}`);
}
