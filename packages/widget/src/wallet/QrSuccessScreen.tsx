import { t } from '../i18n/i18n';
import { useServices } from '../services/services';
import { go } from './LoginForm';
import { WalletPage } from './WalletPage';

export function QrSuccessScreen() {
  const services = useServices();
  return (
    <WalletPage title={t('payment_successfull')}>
      <p className="page__text" role="status">{t('wallet_qr_success')}</p>
      <a className="button button--secondary" href="/pf/widget/home" onClick={(e) => go(e, services.navigate)}>
        {t('wallet_home_title')}
      </a>
    </WalletPage>
  );
}
