import type { MethodModule } from '../../payments/methodModule';
import { CardScreen } from './CardScreen';
import { loadChallengeWait } from './loadChallengeWait';

/** Cards (Visa, Mastercard, Amex): the first screen most payers see, so it ships in the first load. */
export const cardMethod: MethodModule = {
  id: 'card',
  labelKey: 'method_card',
  isAvailable: (methods) => methods.card,
  loadScreen: () => Promise.resolve(CardScreen),
  screen: CardScreen,
  loadWaiting: loadChallengeWait,
};
