import { lazyScreen, type MethodModule } from '../../payments/methodModule';

/** Saldo / Balance (SPEC's pfw): the wallet's balance; a guest logs in in place. */
export const balanceMethod: MethodModule = {
  id: 'balance',
  labelKey: 'method_balance',
  isAvailable: (methods) => methods.pfw,
  loadScreen: lazyScreen(() => import('./BalanceScreen').then((m) => m.BalanceScreen)),
};
