import type { RouteOf } from '../../kernel/routeTypes';
import { readyScreen, type ScreenModule } from '../../kernel/screen';
import { AppMarketScreen } from './AppMarketScreen';

/** SPEC 2 /pf/deeplink/market: the app-store deep link page. */
export const appMarketModule: ScreenModule<RouteOf<'appMarket'>> = {
  prepare: () => readyScreen(() => <AppMarketScreen userAgent={navigator.userAgent} />),
};
