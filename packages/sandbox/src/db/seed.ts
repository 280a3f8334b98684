import { hashPassword, verifyPassword } from '../passwords/passwordHash';
import type { Database, Queryable } from './Database';

export const DEMO_MERCHANT_NAME = 'Tienda Demo Panamá';
/** The demo shop's brand (examples/index.html, a coffee roaster); its SVG mark drawn as a 96 px PNG. */
export const DEMO_MERCHANT_BRAND = { displayName: 'Tostadores del Casco', colorPrimary: '#6b3e26', logo: '/images/merchants/tostadores-del-casco.png' } as const;
export const DEMO_LINK_CODE = 'LKDEMO0001';
export const DEMO_LINK_SLUG = 'tienda-demo';

export const DEFAULT_SERVICES = [
  { method: 'card', linkType: 'AUTH_CAP', gatewayCode: 'AUTH_CAP', cardCodes: ['VISA', 'MC', 'AMEX'] },
  { method: 'card', linkType: 'LK', gatewayCode: 'LK', cardCodes: ['VISA', 'MC', 'AMEX'] },
  { method: 'nequi', linkType: 'LK', gatewayCode: 'NEQUI', cardCodes: [] },
  { method: 'yappy', linkType: 'LK', gatewayCode: 'YAPPY', cardCodes: [] },
  { method: 'cash', linkType: 'PCASH', gatewayCode: 'PAYCASH', cardCodes: [] },
  { method: 'cash', linkType: 'LK', gatewayCode: 'PC', cardCodes: [] },
  { method: 'clave', linkType: 'LK', gatewayCode: 'CLAVE', cardCodes: [] },
  { method: 'crypto', linkType: 'LK', gatewayCode: 'CRYPTO', cardCodes: [] },
  { method: 'pfw', linkType: 'PFW', gatewayCode: 'PFW', cardCodes: [] },
] as const;

export async function insertMerchantServices(
  tx: Queryable,
  merchantId: number,
  txLimitCents: number,
  services: ReadonlyArray<{ method: string; linkType: string; gatewayCode: string; cardCodes: readonly string[] }>,
): Promise<void> {
  for (const s of services) {
    await tx.query(
      `insert into merchant_services (merchant_id, method, link_type, gateway_code, tx_limit_cents, card_codes)
       values ($1, $2, $3, $4, $5, $6)`,
      [merchantId, s.method, s.linkType, s.gatewayCode, txLimitCents, JSON.stringify(s.cardCodes)],
    );
  }
}

/** Nodes starting at once on a fresh PostgreSQL seed one after the other, so the second finds the rows. */
async function lockSeeding(tx: Queryable): Promise<void> {
  await tx.query("select pg_advisory_xact_lock(hashtext('pasarela.seed'))");
}

export const DEMO_STATION_ID = 'EST-001';
export const DEMO_SUBSCRIPTION_KEY = 'SUBDEMO0001';
export const DEMO_WALLET_USER = { login: 'demo', email: 'demo@pasarela.test', password: 'Demo#2026pass' } as const;

/**
 * A node with a provider's processors (GATEWAYS_MODULE): the seeded wallet user, whose password is
 * printed and published and whose $100.00 balance is made up, takes no login while its password is
 * still the seed's (a balance payment would pay a merchant real money). True when it was locked now.
 */
export async function lockSeededWalletUser(db: Queryable): Promise<boolean> {
  const [user] = await db.query<{ id: number; password_hash: string }>('select id, password_hash from users where login = $1 and email = $2', [DEMO_WALLET_USER.login, DEMO_WALLET_USER.email]);
  if (!user || !(await verifyPassword(DEMO_WALLET_USER.password, user.password_hash))) return false;
  const locked = await db.query('update users set password_hash = $3 where id = $1 and password_hash = $2 returning id', [user.id, user.password_hash, 'locked: the seeded user on a provider\'s processors']);
  return locked.length > 0;
}

/** Seeded once, after migration 003. */
export async function seedDemoExtras(db: Database): Promise<void> {
  const seeded = async (q: Queryable) => (await q.query('select id from merchant_users limit 1')).length > 0;
    // Every later start: no scrypt hash (tens of milliseconds of CPU) for nothing.
  if (await seeded(db)) return;
  // Before the transaction: scrypt is slow and PGlite serialises everything behind a transaction.
  const passwordHash = await hashPassword(DEMO_WALLET_USER.password);
  await db.transaction(async (tx) => {
    await lockSeeding(tx);
    if (await seeded(tx)) return;
    const [user] = await tx.query<{ id: number }>(
      `insert into users (login, email, name, lastname, phone, password_hash, balance_cents) values ($1, $2, 'Demo', 'Billetera', '+50761111111', $3, 10000) returning id`,
      [DEMO_WALLET_USER.login, DEMO_WALLET_USER.email, passwordHash],
    );
    await tx.query(
      "insert into user_cards (user_id, card_token, card_brand, card_last4, name_on_card, is_default) values ($1, 'tok_demo_visa_4242', 'VISA', '4242', 'DEMO BILLETERA', true)",
      [user?.id],
    );
    await tx.query("insert into user_services (user_id, name_or_alias, number, code) values ($1, 'Celular prepago', '61111111', 'MOVIL')", [user?.id]);
    await seedMobileOperator(tx);
    const [merchant] = await tx.query<{ id: number }>('select id from merchants order by id limit 1');
    if (!merchant) return;
    const [owner] = await tx.query<{ id: number }>("insert into merchant_users (merchant_id, login) values ($1, 'dueno.demo') returning id", [merchant.id]);
    await tx.query(
      "insert into payment_stations (station_id, merchant_id, description, amount_cents, owner_user_id) values ($1, $2, 'Caja 1 - Tienda Demo', 1500, $3)",
      [DEMO_STATION_ID, merchant.id, owner?.id ?? null],
    );
    const [plan] = await tx.query<{ id: number }>(
      "insert into plans (merchant_id, name, description, amount_cents, period) values ($1, 'Plan Mensual', 'Caja de café cada mes', 1999, 'MO') returning id",
      [merchant.id],
    );
    await tx.query('insert into subscriptions (subscription_key, plan_id, email) values ($1, $2, $3)', [DEMO_SUBSCRIPTION_KEY, plan?.id, 'suscriptor@example.com']);
    const [campaign] = await tx.query<{ id: number }>(
      `insert into campaigns (merchant_id, title, description, logo, min_cents, max_cents, default_values, translations)
       values ($1, 'Dona a la Fundación Demo', 'Cada dólar ayuda', '/images/merchants/demo.svg', 100, 50000, '[1, 5, 10]',
         '{"en": {"title": "Give to the Demo Foundation", "description": "Every dollar helps"}}') returning id`,
      [merchant.id],
    );
    await tx.query('insert into campaign_bridges (campaign_id, status) values ($1, 1)', [campaign?.id]);
  });
}

export async function seedDemoData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSeeding(tx);
    const existing = await tx.query('select id from merchants limit 1');
    if (existing.length > 0) return;
    const txLimitCents = 5000_00;
    const [merchant] = await tx.query<{ id: number }>(
      `insert into merchants (name, web_code, legal_rep, logo, has_payment_guest, tx_limit_cents, custom_fields, display_name, brand_color)
       values ($1, 'TIENDADEMO', 'Ana Pérez', $5, true, $2, '[]', $3, $4) returning id`,
      [DEMO_MERCHANT_NAME, txLimitCents, DEMO_MERCHANT_BRAND.displayName, DEMO_MERCHANT_BRAND.colorPrimary, DEMO_MERCHANT_BRAND.logo],
    );
    if (!merchant) throw new Error('seed: merchant insert returned nothing');
    await insertMerchantServices(tx, merchant.id, txLimitCents, DEFAULT_SERVICES);
    await tx.query(
      // No e-mail: a link's e-mail is its payer's, filled in for them, and the demo's payers are whoever opens it.
      `insert into payment_links (code, slug, merchant_id, description, amount_cents, tax_cents)
       values ($1, $2, $3, 'Camiseta Pasarela (talla M)', 2500, 175)`,
      [DEMO_LINK_CODE, DEMO_LINK_SLUG, merchant.id],
    );
  });
}

/** SPEC 1 "mobile-operator debt lookup". */
export const DEMO_OPERATOR = { name: 'Móvil Demo', webCode: 'MOVILDEMO' } as const;
/** Each debt is a single-use link whose slug is the line number. */
export const DEMO_OPERATOR_DEBTS: Readonly<Record<string, number>> = { '61111111': 1850, '62222222': 4200 };

async function seedMobileOperator(tx: Queryable): Promise<void> {
  const txLimitCents = 5000_00;
  const [operator] = await tx.query<{ id: number }>(
    `insert into merchants (name, web_code, legal_rep, logo, has_payment_guest, tx_limit_cents, custom_fields)
     values ($1, $2, 'Operadora Demo', '/images/merchants/demo.svg', true, $3, '[]') returning id`,
    [DEMO_OPERATOR.name, DEMO_OPERATOR.webCode, txLimitCents],
  );
  if (!operator) return;
  await insertMerchantServices(tx, operator.id, txLimitCents, DEFAULT_SERVICES);
  for (const [number, cents] of Object.entries(DEMO_OPERATOR_DEBTS)) {
    await tx.query(
      `insert into payment_links (code, slug, merchant_id, description, amount_cents, tax_cents, email, single_use, translations)
       values ($1, $2, $3, $4, $5, 0, 'cobros@movildemo.pa', true, $6)`,
      [`MOVIL${number}`, number, operator.id, `${DEMO_OPERATOR.name}: factura de la línea ${number}`, cents,
        JSON.stringify({ en: { description: `${DEMO_OPERATOR.name}: bill for line ${number}` } })],
    );
  }
}
