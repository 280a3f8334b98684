import { lazyScreen, type MethodModule } from '../../payments/methodModule';

export const claveMethod: MethodModule = {
  id: 'clave',
  labelKey: 'method_clave',
  isAvailable: (methods) => methods.clave,
  loadScreen: lazyScreen(() => import('./ClaveScreen').then((m) => m.ClaveScreen)),
};
