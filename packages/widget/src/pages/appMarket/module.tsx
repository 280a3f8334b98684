import type { RouteOf } from '../../app/routes';
import { readyScreen, type ScreenModule } from '../../app/screen';
import { AppMarketScreen } from './AppMarketScreen';

/** SPEC 2 /pf/deeplink/market: the app-store deep link page. */
export const appMarketModule: ScreenModule<RouteOf<'appMarket'>> = {
  prepare: () => readyScreen(() => <AppMarketScreen userAgent={navigator.userAgent} />),
};
