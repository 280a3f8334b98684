import type { RouteOf } from '../../services/routeTypes';
import type { ScreenModule } from '../../services/screen';
import { CampaignReceipt } from './CampaignReceipt';
import { createCampaignReceiptStore } from './store';

export const campaignReceiptModule: ScreenModule<RouteOf<'campaignReceipt'>> = {
  prepare(route, services) {
    const store = createCampaignReceiptStore(services.api, route.codOper);
    return { ready: store.getState().load(), View: () => <CampaignReceipt store={store} /> };
  },
};
