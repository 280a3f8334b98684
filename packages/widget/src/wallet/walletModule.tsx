import { useEffect } from 'react';
import type { RouteOf } from '../services/routeTypes';
import { readyScreen, type ScreenModule } from '../services/screen';
import { AddCardScreen } from './AddCardScreen';
import { createAccountStore } from './accountStore';
import { HomeScreen } from './HomeScreen';
import { LoginScreen } from './LoginScreen';
import { QrSuccessScreen } from './QrSuccessScreen';
import { RecoveryScreen } from './RecoveryScreen';
import { SignupScreen } from './SignupScreen';

export const walletModule: ScreenModule<RouteOf<'wallet'>> = {
  prepare(route, services) {
    switch (route.screen) {
      case 'login':
        return readyScreen(() => <LoginScreen next={route.next} />);
      case 'signup':
        return readyScreen(() => <SignupScreen next={route.next} back={route.back} />);
      case 'recoverypassword':
        return readyScreen(() => <RecoveryScreen next={route.next} back={route.back} />);
      case 'qrsuccess':
        return readyScreen(QrSuccessScreen);
      case 'home': {
        const store = createAccountStore(services);
        // The router keeps this screen for the address: coming back (after adding a card) reloads it.
        let shown = false;
        const View = () => {
          useEffect(() => {
            if (shown) void store.getState().load();
            shown = true;
          }, []);
          return <HomeScreen store={store} />;
        };
        return { ready: store.getState().load(), View };
      }
      case 'addcard':
        return readyScreen(() => <AddCardScreen next={route.next} />);
    }
  },
};
