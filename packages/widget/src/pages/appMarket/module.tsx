import type { RouteOf } from '../../services/routeTypes';
import { readyScreen, type ScreenModule } from '../../services/screen';
import { AppMarketScreen } from './AppMarketScreen';

/** SPEC 2 /pf/deeplink/market: the app-store deep link page. */
export const appMarketModule: ScreenModule<RouteOf<'appMarket'>> = {
  prepare: () => readyScreen(() => <AppMarketScreen userAgent={navigator.userAgent} />),
};
