import type { MethodModule } from '../payments/methodModule';
import { balanceMethod } from './balance';
import { cardMethod } from './card';
import { cashMethod } from './cash';
import { claveMethod } from './clave';
import { cryptoMethod } from './crypto';
import { nequiMethod } from './nequi';
import { yappyMethod } from './yappy';

export const METHOD_MODULES: readonly MethodModule[] = [cardMethod, nequiMethod, yappyMethod, claveMethod, cashMethod, cryptoMethod, balanceMethod];
