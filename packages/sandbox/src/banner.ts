import { DEMO_LINK_CODE, DEMO_LINK_SLUG, DEMO_STATION_ID, DEMO_SUBSCRIPTION_KEY, DEMO_WALLET_USER } from './db/seed';

/** PRODUCT.md's test-input table, as `npm start` prints it. */
export const TEST_INPUT_LINES = [
  ['4242 4242 4242 4242, 4111 1111 1111 1111 (Visa)', 'approved'],
  ['5555 5555 5555 4444 (MC), 3782 822463 10005 (Amex)', 'approved'],
  ['4000 0000 0000 0002', 'declined'],
  ['4000 0000 0000 9995', 'declined, insufficient funds'],
  ['4000 0000 0000 0069', 'declined, expired card'],
  ['4000 0000 0000 0127', 'declined, incorrect CVC'],
  ['4000 0000 0000 0119', 'processing error (retry)'],
  ['4000 0000 0000 3220', '3DS challenge page (approve / fail)'],
  ['4000 0000 0000 0259', 'pending (-1)'],
] as const;

export interface BannerAccess {
  /** The address the ports listen on (HOST). */
  host?: string | undefined;
  /** A token this run made up (reached from beyond the machine, no SANDBOX_ADMIN_TOKEN): shown once, here. */
  adminToken?: string | undefined;
  /** Why this run made one up (auth/nodeAdminToken.ts); default: the HOST it listens on. */
  tokenReason?: string | undefined;
  /** SANDBOX_ADMIN_TOKEN is set (never printed). */
  tokenSet?: boolean | undefined;
}

/** How the admin API and the console are reached: open on loopback, else with the token. */
function accessLines(access: BannerAccess, url: string): string[] {
  if (access.adminToken !== undefined) {
    return [
      `  ${access.tokenReason ?? `Listening on ${access.host ?? ''}`}: the admin API and the console want a token. This run's (set SANDBOX_ADMIN_TOKEN to choose one):`,
      `  Admin token:                ${access.adminToken}   (send Authorization: Bearer <token>; console: ${url}/sandbox/console#token=${access.adminToken})`,
    ];
  }
  if (access.tokenSet === true) return ['  Admin API and console:      Authorization: Bearer <SANDBOX_ADMIN_TOKEN> (console: open it with #token=<token>)'];
  return [];
}

export function startBanner(urls: { url: string; demoUrl: string; database: string; console?: boolean; providerProcessors?: boolean; paymentCaptcha?: boolean } & BannerAccess): string {
  const width = Math.max(...TEST_INPUT_LINES.map(([input]) => input.length));
  // The recipes as they work on this node: with the admin token when the admin API wants one.
  const token = urls.adminToken !== undefined ? ` -H 'authorization: Bearer ${urls.adminToken}'` : urls.tokenSet === true ? ' -H "authorization: Bearer $SANDBOX_ADMIN_TOKEN"' : '';
  return [
    '',
    'Pasarela sandbox is running',
    ...(urls.console === false ? [] : [`  Sandbox console:            ${urls.url}/sandbox/console   (create links, watch and settle payments, mailbox, webhooks)`]),
    `  Demo shop (merchant page):  ${urls.demoUrl}/`,
    `  Checkout origin:            ${urls.url}`,
    `  Payment link, ready to pay: ${urls.url}/${DEMO_LINK_SLUG}   (widget: ${urls.url}/pf/widget?type=lk&code=${DEMO_LINK_CODE})`,
    `  Create a link:              curl -X POST ${urls.url}/sandbox/links${token} -H 'content-type: application/json' -d '{"amount":12.5,"description":"Test"}'`,
    `  Payment station:            ${urls.url}/pf/widget?type=ps&code=${DEMO_STATION_ID}`,
    `  Subscription:               ${urls.url}/pf/widget?type=subs&code=${DEMO_SUBSCRIPTION_KEY}`,
    `  E-mail payment request:     curl -X POST ${urls.url}/sandbox/email-payments${token} -H 'content-type: application/json' -d '{"to":"ana@example.com","amount":9,"description":"Test"}'   (its link: ${urls.url}/sandbox/mailbox?to=ana@example.com)`,
    urls.providerProcessors
      ? `  Wallet user:                ${DEMO_WALLET_USER.login} takes no login while its password is the seed's (a provider's processors are loaded)`
      : `  Wallet user:                ${DEMO_WALLET_USER.login} / ${DEMO_WALLET_USER.password} (balance $100.00, a saved Visa 4242)`,
    `  Database:                   ${urls.database}`,
    ...accessLines(urls, urls.url),
    '',
    'Test cards (any future expiry, any CVC of the right length):',
    ...TEST_INPUT_LINES.map(([input, outcome]) => `  ${input.padEnd(width)}  ${outcome}`),
    '  Nequi 61111111 / 62222222 / 63333333 or 3991111111 / 3992222222 / 3993333333, at any shop:',
    '                             approved / declined / never answered',
    '  Yappy 61111111 / 62222222 / 63333333:       approved / declined / never answered',
    urls.paymentCaptcha === false
      ? '  Captcha: off (PAYMENT_CAPTCHA=0): payments are taken without its answer'
      : '  Captcha: every payment must carry its answer (the checkout adds it); "Pruebas del sandbox" answer fail / fail-score is refused',
    '',
    'More test inputs and admin calls: docs/sandbox.md. Stop with Ctrl+C.',
    '',
  ].join('\n');
}
