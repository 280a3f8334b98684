import { lazyScreen, type MethodModule } from '../../payments/methodModule';

export const cryptoMethod: MethodModule = {
  id: 'crypto',
  labelKey: 'method_crypto',
  isAvailable: (methods) => methods.crypto,
  loadScreen: lazyScreen(() => import('./CryptoScreen').then((m) => m.CryptoScreen)),
};
