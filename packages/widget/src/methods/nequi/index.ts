import { lazyScreen, type MethodModule } from '../../payments/methodModule';

export const nequiMethod: MethodModule = {
  id: 'nequi',
  labelKey: 'method_nequi',
  isAvailable: (methods) => methods.nequi,
  loadScreen: lazyScreen(() => import('./NequiScreen').then((m) => m.NequiScreen)),
};
