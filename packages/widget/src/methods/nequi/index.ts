import { lazyScreen, type MethodModule } from '../../payments/methodModule';

/** Nequi (Colombia and Panama, the merchant's country): a push to the payer's Nequi app, or a QR to scan with it. */
export const nequiMethod: MethodModule = {
  id: 'nequi',
  labelKey: 'method_nequi',
  isAvailable: (methods) => methods.nequi,
  loadScreen: lazyScreen(() => import('./NequiScreen').then((m) => m.NequiScreen)),
};
