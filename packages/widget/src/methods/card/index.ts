import type { MethodModule } from '../../payments/methodModule';
import { CardScreen } from './CardScreen';
import { loadChallengeWait } from './loadChallengeWait';

export const cardMethod: MethodModule = {
  id: 'card',
  labelKey: 'method_card',
  isAvailable: (methods) => methods.card,
  loadScreen: () => Promise.resolve(CardScreen),
  screen: CardScreen,
  loadWaiting: loadChallengeWait,
};
