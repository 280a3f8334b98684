import type { RouteOf } from '../../services/routeTypes';
import { readyScreen, type ScreenModule } from '../../services/screen';
import { CodeEntryScreen } from './CodeEntryScreen';

export const codeEntryModule: ScreenModule<RouteOf<'codeEntry'>> = {
  prepare: (_route, services) => readyScreen(() => <CodeEntryScreen open={(code) => services.navigate(`/?code=${encodeURIComponent(code)}`)} />),
};
