import { CRYPTO_RATE_FROZEN_MS } from '@pasarela/core';
import { isGatewayCallNotSent } from '@pasarela/gateways';
import type { Deps } from '../Deps';
import { gatewayRead } from '../gateways/GatewayCall';
import { PaymentError } from '../errors/PaymentError';
import { methodPaymentsUnavailable } from './inDoubt';

/** A read the crypto processor refused the connection for asked nothing: crypto is unavailable for now. */
export async function readCrypto<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isGatewayCallNotSent(error)) throw methodPaymentsUnavailable(`${error.message}: nothing was asked`);
    throw error;
  }
}

/** SPEC 4 "The exchange rate is frozen for 10 minutes": the coin's price now, frozen from now. */
export async function quoteDetails(deps: Pick<Deps, 'gateways'>, currency: string, network: string, amountUsd: number) {
  const q = await readCrypto(() => deps.gateways.crypto.quote({ ...gatewayRead(), currency, amountUsd }));
  if (!q) throw new PaymentError('invalid', 'missing_arguments', 'currency is not offered');
  return { currency, network, ...q, rateExpiresAt: new Date(Date.now() + CRYPTO_RATE_FROZEN_MS).toISOString() };
}
