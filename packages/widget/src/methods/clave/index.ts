import { lazyScreen, type MethodModule } from '../../payments/methodModule';

/** Clave (Panama's debit network): the payer pays on the bank's page and comes back to the receipt. */
export const claveMethod: MethodModule = {
  id: 'clave',
  labelKey: 'method_clave',
  isAvailable: (methods) => methods.clave,
  loadScreen: lazyScreen(() => import('./ClaveScreen').then((m) => m.ClaveScreen)),
};
