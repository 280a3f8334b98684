import { open } from '@pasarela/checkout';
import type { CheckoutCloseReason, CheckoutHandle, CheckoutOptions } from '@pasarela/checkout';

interface Opened {
  /** The checkout this package opened next while this one was the open one: the loader closed this one for it. */
  replacedBy?: Opened;
  /** Why it closed, once it has. */
  closedWith?: CheckoutCloseReason;
  /** Told when it closes. */
  onClose: Set<(reason: CheckoutCloseReason) => void>;
}

/** The checkout this package opened last, until it closes. */
let current: Opened | undefined;
const opened = new WeakMap<CheckoutHandle, Opened>();

/** The loader's `open()`, remembering which of this package's checkouts replaces which. */
export function openOnPage(options: CheckoutOptions): CheckoutHandle {
  const entry: Opened = { onClose: new Set() };
  const previous = current;
  // set before open(): the loader closes the open checkout, with reason 'replaced', inside it
  if (previous) previous.replacedBy = entry;
  let handle: CheckoutHandle;
  try {
    handle = open(options);
  } catch (error) {
    if (previous) previous.replacedBy = undefined;
    throw error;
  }
  current = entry;
  opened.set(handle, entry);
  handle.on('close', ({ reason }) => {
    entry.closedWith = reason;
    if (current === entry) current = undefined;
    for (const tell of entry.onClose) tell(reason);
    entry.onClose.clear();
  });
  return handle;
}

/**
 * For a checkout closed with reason 'replaced': calls `reopen` once the checkout that replaced it
 * (or, when that one was replaced in turn, the last of them) has closed. Nothing is called when the
 * page's own `open()` of the loader replaced it: nothing tells when that one goes. Returns a cancel.
 */
export function afterReplacement(handle: CheckoutHandle, reopen: () => void): () => void {
  let cancel = () => {};
  const follow = (next: Opened | undefined): void => {
    if (!next) return;
    if (next.closedWith) return next.closedWith == 'replaced' ? follow(next.replacedBy) : reopen();
    const tell = (reason: CheckoutCloseReason) => (reason == 'replaced' ? follow(next.replacedBy) : reopen());
    next.onClose.add(tell);
    cancel = () => next.onClose.delete(tell);
  };
  follow(opened.get(handle)?.replacedBy);
  return () => cancel();
}
