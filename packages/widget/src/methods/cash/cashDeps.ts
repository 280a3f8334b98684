import { GATEWAY_CODES, SUPPORT_EMAIL } from '@pasarela/core';
import { lookupAttempt } from '../../api/lookupAttempt';
import type { PaymentContext } from '../../payments/paymentContext';
import { checkPhone } from '../../payments/phoneCheck';
import { cashVoucherStatus, issueCashPointVoucher, issuePayCashVoucher } from './api';
import { CASH_PHONE_COUNTRY, offeredNetworks } from './config';
import type { CashStoreDeps } from './store';

export function cashDeps(payment: PaymentContext): CashStoreDeps {
  const { services, data } = payment;
  return {
    networks: offeredNetworks(data.methods),
    paymentEmail: data.info.email,
    supportEmail: SUPPORT_EMAIL,
    checkPhone: (phone) => checkPhone(phone, CASH_PHONE_COUNTRY),
    issue: async (network, contact, trackId) => {
      const request = {
        ...(await payment.paymentFields(contact)),
        cclw: data.merchant.webCode,
        trackId,
      };
      return network === GATEWAY_CODES.cashPoint ? issueCashPointVoucher(services.api, request) : issuePayCashVoucher(services.api, request);
    },
    check: (codOper) => cashVoucherStatus(services.api, codOper),
    lookup: (trackId) => lookupAttempt(services.api, trackId),
    report: payment.report,
    showReceipt: payment.showReceipt,
    now: services.now,
    newTrackId: services.newTrackId,
    pushUrl: payment.pushUrl,
    memory: payment.memory(),
  };
}
