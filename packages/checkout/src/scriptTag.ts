// The script-tag build (/sdk/checkout.js): the global `Checkout` is the API object itself (`open`,
// `preload`, `version`, as CheckoutApi types it), plus zero-JS pay buttons. Only this build
// listens to the page; importing the ESM build has no side effects.
import { Checkout } from './index';
import { listenForPayButtons } from './payButtons';

listenForPayButtons(Checkout.open);

export default Checkout;
