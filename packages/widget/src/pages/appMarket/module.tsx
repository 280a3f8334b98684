import type { RouteOf } from '../../services/routeTypes';
import { readyScreen, type ScreenModule } from '../../services/screen';
import { AppMarketScreen } from './AppMarketScreen';

export const appMarketModule: ScreenModule<RouteOf<'appMarket'>> = {
  prepare: () => readyScreen(() => <AppMarketScreen userAgent={navigator.userAgent} />),
};
