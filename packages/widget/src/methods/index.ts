import type { MethodModule } from '../payments/methodModule';
import { cardMethod } from './card';
import { cryptoMethod } from './crypto';
import { nequiMethod } from './nequi';

/** Every payment method, in the order the method choice lists them (PRODUCT.md "Method choice"). */
export const METHOD_MODULES: readonly MethodModule[] = [cardMethod, nequiMethod, cryptoMethod];
