import type { Language } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import { mailShopOf, mailShopOfRow } from '../brand/merchantBrand';
import type { ShopOfOperation } from '../store/merchantBrand';
import { brandedHtml, type MailContent } from '../mail/templates';
import { sendMail, type Mail, type MailKind } from '../store/mailbox';

export interface MerchantMailTo {
  to: string;
  kind: MailKind;
  merchantId: number | null;
  lang: Language;
  origin: string;
  fallbackName?: string;
  /** Just read by the caller (not read again). */
  shop?: ShopOfOperation | undefined;
}

/** The shop named by its brand's display name, with the HTML alternative in its brand (brandedHtml). */
export async function merchantMail(db: Queryable, m: MerchantMailTo, content: (shopName: string) => MailContent): Promise<Mail> {
  const shop = m.shop ? mailShopOfRow(m.shop, m.origin) : await mailShopOf(db, m.merchantId, m.fallbackName ?? '', m.origin);
  const mail = content(shop.name);
  return { to: m.to, kind: m.kind, merchantId: m.merchantId, ...mail, html: brandedHtml(mail, shop, m.lang) };
}

export async function sendMerchantMail(db: Queryable, m: MerchantMailTo, content: (shopName: string) => MailContent): Promise<void> {
  await sendMail(db, await merchantMail(db, m, content));
}
