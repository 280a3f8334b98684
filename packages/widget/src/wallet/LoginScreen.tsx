import { t } from '../i18n/i18n';
import { useServices } from '../services/services';
import { LoginForm } from './LoginForm';
import { WalletPage } from './WalletPage';

export const HOME_PATH = '/pf/widget/home';

export function LoginScreen({ next }: { next: string | null }) {
  const services = useServices();
  const target = next ?? HOME_PATH;
  return (
    <WalletPage title={t('wallet_login_title')}>
      <LoginForm next={target} onLoggedIn={() => services.navigate(target)} />
    </WalletPage>
  );
}
