import type { RouteOf } from '../app/routes';
import { readyScreen, type ScreenModule } from '../app/screen';
import { AddCardScreen } from './AddCardScreen';
import { createAccountStore } from './accountStore';
import { HomeScreen } from './HomeScreen';
import { LoginScreen } from './LoginScreen';

/** The wallet's screens (SPEC 2 widget routes), one lazy chunk. */
export const walletModule: ScreenModule<RouteOf<'wallet'>> = {
  prepare(route, services) {
    switch (route.screen) {
      case 'login':
        return readyScreen(() => <LoginScreen next={route.next} />);
      case 'home': {
        const store = createAccountStore(services);
        return { ready: store.getState().load(), View: () => <HomeScreen store={store} /> };
      }
      case 'addcard':
        return readyScreen(() => <AddCardScreen next={route.next} />);
    }
  },
};
