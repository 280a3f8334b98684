import type { Language } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import { mailShopOf, mailShopOfRow } from '../brand/merchantBrand';
import type { ShopOfOperation } from '../store/merchantBrand';
import { brandedHtml, type MailContent } from '../mail/templates';
import { sendMail, type Mail, type MailKind } from '../store/mailbox';

/** Who a payer's e-mail about a merchant's payment goes to, what it is, and whose. */
export interface MerchantMailTo {
  to: string;
  kind: MailKind;
  merchantId: number | null;
  /** The payer's language. */
  lang: Language;
  /** The checkout origin its links and logo point to. */
  origin: string;
  /** The shop's name should the merchant be gone. */
  fallbackName?: string;
  /** The merchant's name, logo and brand, when the caller has just read them (not read again). */
  shop?: ShopOfOperation | undefined;
}

/**
 * A payer's e-mail about a merchant's payment, as every one of them is made: the shop named as its
 * payers know it (its brand's display name), and the HTML alternative in its brand (brandedHtml:
 * its logo, name and colour, every text escaped). `content` writes the text for that name.
 */
export async function merchantMail(db: Queryable, m: MerchantMailTo, content: (shopName: string) => MailContent): Promise<Mail> {
  const shop = m.shop ? mailShopOfRow(m.shop, m.origin) : await mailShopOf(db, m.merchantId, m.fallbackName ?? '', m.origin);
  const mail = content(shop.name);
  return { to: m.to, kind: m.kind, merchantId: m.merchantId, ...mail, html: brandedHtml(mail, shop, m.lang) };
}

/** Sends merchantMail's e-mail (to the dev mailbox here). */
export async function sendMerchantMail(db: Queryable, m: MerchantMailTo, content: (shopName: string) => MailContent): Promise<void> {
  await sendMail(db, await merchantMail(db, m, content));
}
