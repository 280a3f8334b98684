import type { RouteOf } from '../../services/routeTypes';
import { readyScreen, type ScreenModule } from '../../services/screen';
import { CodeEntryScreen } from './CodeEntryScreen';

/** SPEC 2 "/" without a payment code: the payer enters it (docs/spec-decisions.md). */
export const codeEntryModule: ScreenModule<RouteOf<'codeEntry'>> = {
  prepare: (_route, services) => readyScreen(() => <CodeEntryScreen open={(code) => services.navigate(`/?code=${encodeURIComponent(code)}`)} />),
};
