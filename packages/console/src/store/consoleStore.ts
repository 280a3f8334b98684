import { createStore, type StoreApi } from 'zustand/vanilla';
import { AdminError, type AdminApi, type NewLink, type TransactionFilters } from '../api/adminApi';
import type { Link, Mail, Merchant, Outcome, Transaction, Webhook } from '../api/schemas';
import { coalesce } from '../logic/coalesce';
import { isAmountRefusal } from '../logic/refundAmount';
import { underpaymentOf, type SettleAction } from '../logic/settleActions';

export type Tab = 'create' | 'watch' | 'mailbox' | 'webhooks' | 'books' | 'subscriptions';
export const TABS: readonly Tab[] = ['create', 'watch', 'mailbox', 'webhooks', 'books', 'subscriptions'];
/** The tabs whose forms pick a merchant (MerchantPicker). */
const TABS_WITH_MERCHANT_PICKER: readonly Tab[] = ['create', 'books', 'subscriptions'];

/**
 * What the last call did: done; a refund left pending (its gateway has not answered); an error; a
 * webhook sent again, once its first attempt is made (delivered, or failed with its HTTP status or
 * network error). A payment the call took out of the list shown (a filter it no longer matches)
 * brings its outcome.
 */
export type Notice =
  | { kind: 'done' | 'refundPending'; action: SettleAction; codOper: string; outcome?: Outcome }
  /** `cause` is worded when shown, so in the language on screen then; `message` its words as they came. */
  | { kind: 'error'; message: string; cause: unknown }
  | { kind: 'redelivered'; id: string; delivered: boolean; status: number | string | null };

/** The server's refusal of a refund's amount, worded when shown. */
export type AmountRefusal = { amountRefused: AdminError };

/** What the admin push socket sends (packages/sandbox push/pushServer.ts, ADMIN_PUSH_PATH). */
export type LiveMessage = { type: 'transaction'; codOper: string } | { type: 'webhook'; id: string } | { type: 'mail'; id: number } | { type: 'hello' };

export interface ConsoleState {
  tab: Tab;
  live: boolean;
  merchants: Merchant[];
  links: Link[];
  /** The merchant new links, stations, plans and campaigns belong to; the first one until chosen. */
  merchantId: number | null;
  filters: TransactionFilters;
  transactions: Transaction[];
  webhooks: Webhook[];
  mail: Mail[];
  mailTo: string;
  /** The statement line each revealed random charge reads, by codOper. */
  statements: Record<string, string>;
  /** Buttons whose call is under way, as `${codOper}:${action}` or `redeliver:${id}`. */
  busy: Record<string, true>;
  notice: Notice | null;
  /**
   * How many notices were given: each one is drawn as a new paragraph of the live region (keyed by
   * this count), so a second identical action's notice, in the same words, is heard again.
   */
  noticeCount: number;
}

export interface ConsoleActions {
  start(): Promise<void>;
  setTab(tab: Tab): void;
  setLive(live: boolean): void;
  setMerchant(id: number): void;
  /** Reads the payments the filters now show; false when the read failed (its error is the notice). */
  setFilters(filters: Partial<TransactionFilters>): Promise<boolean>;
  setMailTo(to: string): void;
  refreshTransactions(): Promise<void>;
  refreshWebhooks(): Promise<void>;
  refreshMail(): Promise<void>;
  refreshCatalog(): Promise<void>;
  onLive(message: LiveMessage): void;
  /**
   * Plays an outside party's part; a refund gives back `refundAmount` (absent: all that remains). A
   * refund the server refuses for its amount answers the server's words for the amount field, not the notice.
   */
  settle(tx: Transaction, action: SettleAction, refundAmount?: number): Promise<AmountRefusal | undefined>;
  redeliver(id: string): Promise<void>;
  createLink(link: NewLink): ReturnType<AdminApi['createLink']>;
  createMerchant(m: Parameters<AdminApi['createMerchant']>[0]): ReturnType<AdminApi['createMerchant']>;
}

export type ConsoleStore = StoreApi<ConsoleState & ConsoleActions>;

const messageOf = (error: unknown): string => (error instanceof AdminError || error instanceof Error ? error.message : String(error));

export function createConsoleStore(api: AdminApi): ConsoleStore {
  return createStore<ConsoleState & ConsoleActions>()((set, get) => {
    const say = (notice: Notice) => set((s) => ({ notice, noticeCount: s.noticeCount + 1 }));
    const fail = (error: unknown) => say({ kind: 'error', message: messageOf(error), cause: error });
    // Webhooks sent again whose first attempt since is still to be said (their attempts start again from 0).
    const redeliveriesAwaited = new Set<string>();
    const sayRedeliveriesMade = () => {
      for (const w of get().webhooks) {
        if (!redeliveriesAwaited.has(w.id) || w.attempts === 0) continue;
        redeliveriesAwaited.delete(w.id);
        say({ kind: 'redelivered', id: w.id, delivered: w.state === 'delivered', status: w.lastStatusCode ?? w.lastError });
      }
    };
    // Whether the last read of the payments failed: its error is the notice, which nothing hides.
    let transactionsUnread = false;
    const refreshTransactions = coalesce(async () => {
      try {
        set({ transactions: await api.listTransactions(get().filters) });
        transactionsUnread = false;
      } catch (error) {
        transactionsUnread = true;
        fail(error);
      }
    });
    /** The outcome of a payment the outcome filter hides: its link and method filters still list it. */
    const hiddenOutcomeOf = async (codOper: string): Promise<Outcome | undefined> => {
      try {
        return (await api.listTransactions({ ...get().filters, outcome: '' })).find((tx) => tx.codOper === codOper)?.outcome;
      } catch {
        return undefined;
      }
    };
    const refreshWebhooks = coalesce(async () => {
      try {
        set({ webhooks: await api.listWebhooks() });
        sayRedeliveriesMade();
      } catch (error) {
        fail(error);
      }
    });
    const refreshMail = coalesce(async () => {
      try {
        set({ mail: await api.listMail(get().mailTo.trim()) });
      } catch (error) {
        fail(error);
      }
    });
    // Each list shows when it arrives: the merchant pickers neither wait for the links nor stay
    // empty when only the links failed. Read again on opening a tab with a picker, so a failed read
    // or a merchant created since (the API, another tab) is not missing until the page is reloaded.
    const refreshCatalog = coalesce(async () => {
      await Promise.all([
        api.listMerchants().then((merchants) => set((s) => ({ merchants, merchantId: s.merchantId ?? merchants[0]?.id ?? null })), fail),
        api.listLinks().then((links) => set({ links }), fail),
      ]);
    });
    const withBusy = async (key: string, work: () => Promise<void>) => {
      if (get().busy[key]) return;
      set((s) => ({ busy: { ...s.busy, [key]: true } }));
      try {
        await work();
      } finally {
        set((s) => {
          const busy = { ...s.busy };
          delete busy[key];
          return { busy };
        });
      }
    };
    /** Plays the action; 'pending' when a refund was left pending by its gateway. */
    const play = async (tx: Transaction, action: SettleAction, refundAmount: number | undefined): Promise<'pending' | void> => {
      switch (action) {
        case 'nequiApprove': case 'nequiFail':
          await api.settleNequi(tx.codOper, action === 'nequiApprove' ? 'approve' : 'fail');
          return;
        case 'yappyApprove': case 'yappyFail':
          await api.settleYappy(tx.codOper, action === 'yappyApprove' ? 'approve' : 'fail');
          return;
        case 'cashPaid':
          await api.payCash(tx.reference ?? tx.codOper);
          return;
        case 'cryptoFull':
          await api.confirmCrypto(tx.codOper);
          return;
        case 'cryptoUnder':
          await api.confirmCrypto(tx.codOper, underpaymentOf(tx.cryptoDue));
          return;
        case 'claveApprove': case 'claveFail':
          await api.settleClave(tx.codOper, action === 'claveApprove' ? 'approve' : 'fail');
          return;
        case 'threeDsApprove': case 'threeDsFail':
          await api.settleThreeDs(tx.codOper, action === 'threeDsApprove' ? 'approve' : 'fail');
          return;
        case 'subscriptionDue':
          if (tx.subscriptionKey) await api.subscriptionDue(tx.subscriptionKey);
          return;
        case 'randomCharge':
          await api.addRandomCharge(tx.codOper);
          break;
        case 'revealCharge':
          break;
        case 'refund':
          return (await api.refund(tx.codOper, refundAmount)).status === 'pending' ? 'pending' : undefined;
        case 'void':
          await api.voidPayment(tx.codOper);
          return;
        case 'capture':
          await api.capture(tx.codOper);
          return;
      }
      const { statementLine } = await api.revealRandomCharge(tx.codOper);
      set((s) => ({ statements: { ...s.statements, [tx.codOper]: statementLine } }));
    };
    return {
      tab: 'create',
      live: false,
      merchants: [],
      links: [],
      merchantId: null,
      filters: { code: '', method: '', outcome: '' },
      transactions: [],
      webhooks: [],
      mail: [],
      mailTo: '',
      statements: {},
      busy: {},
      notice: null,
      noticeCount: 0,
      async start() {
        await Promise.all([refreshCatalog(), refreshTransactions(), refreshWebhooks(), refreshMail()]);
      },
      setTab(tab) {
        set({ tab });
        // Mail that landed while the socket was down shows when the mailbox is opened.
        if (tab === 'mailbox') void refreshMail();
        if (TABS_WITH_MERCHANT_PICKER.includes(tab)) void refreshCatalog();
      },
      setLive: (live) => set({ live }),
      setMerchant: (merchantId) => set({ merchantId }),
      async setFilters(filters) {
        set((s) => ({ filters: { ...s.filters, ...filters } }));
        await refreshTransactions();
        return !transactionsUnread;
      },
      setMailTo: (mailTo) => set({ mailTo }),
      refreshTransactions,
      refreshWebhooks,
      refreshMail,
      refreshCatalog,
      onLive(message) {
        if (message.type === 'webhook') {
          void refreshWebhooks();
          return;
        }
        if (message.type === 'mail') {
          void refreshMail();
          return;
        }
        // A new or settled payment may also have queued a webhook and mailed a receipt.
        void refreshTransactions();
        void refreshWebhooks();
      },
      async settle(tx, action, refundAmount) {
        let refusal: AmountRefusal | undefined;
        await withBusy(`${tx.codOper}:${action}`, async () => {
          let notice: Notice;
          try {
            const outcome = await play(tx, action, refundAmount);
            notice = { kind: outcome === 'pending' ? 'refundPending' : 'done', action, codOper: tx.codOper };
          } catch (error) {
            if (action === 'refund' && error instanceof AdminError && isAmountRefusal(error.code)) refusal = { amountRefused: error };
            else fail(error);
            await refreshTransactions();
            return;
          }
          // Also without a live socket: the list shows what the call did. Said once it does, so that a
          // payment gone from the list is said with the outcome that took it out.
          await refreshTransactions();
          if (transactionsUnread) return;
          if (!get().transactions.some((listed) => listed.codOper === tx.codOper)) {
            const outcome = await hiddenOutcomeOf(tx.codOper);
            if (outcome) notice = { ...notice, outcome };
          }
          say(notice);
        });
        return refusal;
      },
      async redeliver(id) {
        await withBusy(`redeliver:${id}`, async () => {
          try {
            await api.redeliver(id);
          } catch (error) {
            fail(error);
            await refreshWebhooks();
            return;
          }
          // Read after the call (a read already under way may show the delivery as it was before):
          // its first attempt since, in this read or a later one (the push socket's, Refresh), is said once.
          await refreshWebhooks();
          redeliveriesAwaited.add(id);
          sayRedeliveriesMade();
        });
      },
      async createLink(link) {
        const merchantId = get().merchantId;
        const created = await api.createLink(merchantId === null ? link : { ...link, merchantId });
        await refreshCatalog();
        return created;
      },
      async createMerchant(m) {
        const created = await api.createMerchant(m);
        await refreshCatalog();
        set({ merchantId: created.idMerchant });
        return created;
      },
    };
  });
}
