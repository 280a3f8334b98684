import type { CardToken } from '../CardProcessor';
import type { GatewayEvent } from '../GatewayEvent';
import type { InboundNotification } from '../GatewayNotifications';
import type { Gateways } from '../Gateways';

/** A processor's test card as a payer types it into the tokenizer; the adapter is given its token only. */
export interface TestCard {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
  holder: string;
}

/** A rule for something it does not support is skipped, and the table says so. */
export interface ContractInputs {
  cards: {
    /** A card the processor approves. */
    approves: TestCard;
    /** A card it declines (any reason). */
    declines: TestCard;
    /** A card it asks 3D Secure for (with `supports.threeDS`). */
    challenges?: TestCard | undefined;
    /** A card it cannot decide (its own error: nothing charged). */
    fails?: TestCard | undefined;
    /** A card it approves and then disputes (the cardholder's bank opens a dispute needing a response), with `disputeOf`. */
    disputed?: TestCard | undefined;
  };
  /**
   * The reference of the dispute the processor opened on a charge of the `disputed` card, or null
   * while it has none yet (the kit asks again for a few seconds). Without it, or without that card,
   * the dispute rules are skipped.
   */
  disputeOf?: ((chargeReference: string) => Promise<string | null>) | undefined;
  /**
   * How the payer's browser makes this module's token of a test card: its processor's browser
   * tokenizer (test mode). Without it the kit tokenizes at the card vault (`vault`).
   */
  tokenize?: ((card: TestCard) => Promise<CardToken>) | undefined;
  /** The card vault the kit tokenizes at (its API's URL); default VAULT_URL. */
  vault?: { url: string } | undefined;
  supports: {
    threeDS: boolean;
    /** Authorize with `capture: false`, capture later. */
    captureLater: boolean;
    /** saveCard, and a charge by the saved card's token. */
    savedCards: boolean;
    /** More than one refund of a charge, each a part of it. */
    partialRefunds: boolean;
  };
  /**
   * For a module with a payout port: a bank account its rail's test mode pays (`pays`), and one
   * whose transfers the receiving bank sends back (`returns`; without it that rule is skipped).
   */
  payouts?: { pays: string; returns?: string | undefined } | undefined;
  /** Signs `events` as the processor's notification to `port` would carry them, for the handler check. */
  notify?: ((port: keyof Gateways, events: readonly GatewayEvent[]) => InboundNotification | Promise<InboundNotification>) | undefined;
  /**
   * Where the adapter reaches its processor, so the kit can fault the network: it starts a proxy on
   * 127.0.0.1 in front of the base URL (`process.env[env]` when set, else `url`) and makes the module
   * with `env` naming the proxy. Without it, or when the adapter's calls do not pass the proxy, the
   * fault rules fail.
   */
  processor?: { env: string; url: string } | undefined;
  /** A currency other than USD the processor charges in (ISO 4217: 'EUR'); without it the second-currency rule is skipped. */
  secondCurrency?: string | undefined;
  /** The deadline each of the kit's calls carries (10 s by default; the time-out rule waits this long). */
  deadlineMs?: number | undefined;
}
