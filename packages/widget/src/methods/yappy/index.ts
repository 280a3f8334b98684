import { lazyScreen, type MethodModule } from '../../payments/methodModule';

export const yappyMethod: MethodModule = {
  id: 'yappy',
  labelKey: 'method_yappy',
  isAvailable: (methods) => methods.yappy,
  loadScreen: lazyScreen(() => import('./YappyScreen').then((m) => m.YappyScreen)),
};
