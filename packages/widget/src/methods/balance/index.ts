import { lazyScreen, type MethodModule } from '../../payments/methodModule';

export const balanceMethod: MethodModule = {
  id: 'balance',
  labelKey: 'method_balance',
  isAvailable: (methods) => methods.pfw,
  loadScreen: lazyScreen(() => import('./BalanceScreen').then((m) => m.BalanceScreen)),
};
