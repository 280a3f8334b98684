import { lazyScreen, type MethodModule } from '../../payments/methodModule';

/** Cash (Panama): a voucher paid in cash on the PAYCASH network or at a PC cash point. */
export const cashMethod: MethodModule = {
  id: 'cash',
  labelKey: 'method_cash',
  isAvailable: (methods) => methods.cash,
  loadScreen: lazyScreen(() => import('./CashScreen').then((m) => m.CashScreen)),
};
