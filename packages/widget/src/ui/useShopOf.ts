import { useEffect, useState } from 'react';
import { shopLogoOf, shopNameOf } from '@pasarela/core';
import { loadReceipt } from '../api/loadReceipt';
import { useServices } from '../services/services';
import type { ShopIdentity } from './WayOut';

/** Nothing while it loads or when it cannot: the page's way out then does without. */
export function useShopOf(codOper: string): { shop: ShopIdentity | null; returnUrl: string } {
  const services = useServices();
  const [found, setFound] = useState<{ shop: ShopIdentity | null; returnUrl: string }>({ shop: null, returnUrl: '' });
  useEffect(() => {
    let live = true;
    loadReceipt(services.api, codOper)
      .then((receipt) => {
        if (!live) return;
        const merchant = receipt.merchant;
        const name = merchant ? shopNameOf(merchant) : '';
        setFound({ shop: merchant && name ? { name, logo: shopLogoOf(merchant, services.config.imageBase) } : null, returnUrl: receipt.returnUrlString });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [services, codOper]);
  return found;
}
