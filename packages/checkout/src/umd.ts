// The script-tag build (/sdk/checkout.js, global `Checkout`): the ESM API plus zero-JS pay buttons.
// Only this build listens to the page; importing the ESM build has no side effects.
import { open } from './index';
import { listenForPayButtons } from './payButtons';

export * from './index';

listenForPayButtons(open);
