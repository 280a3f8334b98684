import { lazyScreen, type MethodModule } from '../../payments/methodModule';

export const cashMethod: MethodModule = {
  id: 'cash',
  labelKey: 'method_cash',
  isAvailable: (methods) => methods.cash,
  loadScreen: lazyScreen(() => import('./CashScreen').then((m) => m.CashScreen)),
};
