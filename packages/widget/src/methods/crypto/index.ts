import { lazyScreen, type MethodModule } from '../../payments/methodModule';

/** Crypto: a coin and a network, then an address, the exact amount and a 10-minute frozen rate. */
export const cryptoMethod: MethodModule = {
  id: 'crypto',
  labelKey: 'method_crypto',
  isAvailable: (methods) => methods.crypto,
  loadScreen: lazyScreen(() => import('./CryptoScreen').then((m) => m.CryptoScreen)),
};
