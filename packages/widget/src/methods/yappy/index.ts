import { lazyScreen, type MethodModule } from '../../payments/methodModule';

/** Yappy (Panama): a payment request to the payer's Yappy app, approved there within 5 minutes. */
export const yappyMethod: MethodModule = {
  id: 'yappy',
  labelKey: 'method_yappy',
  isAvailable: (methods) => methods.yappy,
  loadScreen: lazyScreen(() => import('./YappyScreen').then((m) => m.YappyScreen)),
};
