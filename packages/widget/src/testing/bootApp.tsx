import * as v from 'valibot';
import { PasarelaError, catalogs } from '@pasarela/core';
import type { ApiClient } from '../api/client';
import { App } from '../app/App';
import { startI18n } from '../i18n/i18n';
import { navigate, subscribe } from '../services/history';
import { fakeServices } from './fakeServices';
import type { Services } from '../services/services';
import { render, settle } from './render';

export const CHECKOUT_ANSWERS: Readonly<Record<string, unknown>> = {
  'payment-info': {
    idMerchant: 7, code: 'LINK1', description: 'Café con leche', amount: 10, discount: 0, type: 'LK', email: '',
    othersValues: {}, taxAmount: 0.7, serviceCode: 'LK', transactionsType: 'AUTH_CAPTURE', lang: 'es',
    returnUrlString: '', additionalParamsUrlString: '', customFieldValues: [], additionalData: {}, txChannel: 'PWW', idSubscription: null,
  },
  'merchants/7': { idMerchant: 7, merchantName: 'Tienda Ñandú', webCode: 'CCLW7', logo: '', customFields: '', hasPaymentGuest: true, txLimit: 0, domainValidation: false },
  'merchants/7/payment-methods': { paymentMethods: [{ method: 'card', linkType: 'LK', gatewayCode: 'LK', idMerchantService: 1, txLimit: 0 }] },
};

export function answeringApi(answers: Readonly<Record<string, unknown>>, failures: Readonly<Record<string, PasarelaError>> = {}): ApiClient {
  const answer = async <S extends v.GenericSchema>(path: string, schema: S) => {
    const failure = failures[path];
    if (failure) throw failure;
    if (!(path in answers)) throw new PasarelaError({ code: 'error_to_load', category: 'api', status: 404 });
    return v.parse(schema, answers[path]);
  };
  return { get: (path, schema) => answer(path, schema), post: (path, schema) => answer(path, schema), put: (path, schema) => answer(path, schema) };
}

export async function bootApp(path: string, options: { api: ApiClient; splashMs?: number; session?: Services['session'] }) {
  history.replaceState(null, '', path);
  const { services, messages, results } = fakeServices(options.api, { navigate, ...(options.session ? { session: options.session } : {}) });
  if (options.splashMs !== undefined) services.config = { ...services.config, splashMs: options.splashMs };
  const view = await render(<App services={services} i18nReady={startI18n('es', catalogs.es)} subscribe={subscribe} />);
  await settle();
  return { ...view, messages, results };
}
