import { t } from '../i18n/i18n';
import type { AdminApi } from '../api/adminApi';
import type { ConsoleStore } from '../store/consoleStore';
import { BrandForm } from './create/BrandForm';
import { CampaignForm } from './create/CampaignForm';
import { LinkForm } from './create/LinkForm';
import { MerchantForm } from './create/MerchantForm';
import { PlanForm } from './create/PlanForm';
import { StationForm } from './create/StationForm';
import { UserForm } from './create/UserForm';

export function CreatePanel({ store, api, lang }: { store: ConsoleStore; api: AdminApi; lang: 'es' | 'en' }) {
  return (
    <section aria-labelledby="panel-create">
      <h2 id="panel-create">{t('tabCreate')}</h2>
      <div className="grid">
        <LinkForm store={store} lang={lang} />
        <MerchantForm store={store} lang={lang} />
        <BrandForm store={store} api={api} />
        <StationForm store={store} api={api} lang={lang} />
        <PlanForm store={store} api={api} lang={lang} />
        <CampaignForm store={store} api={api} lang={lang} />
        <UserForm api={api} />
      </div>
    </section>
  );
}
