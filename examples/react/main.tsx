// The React demo: examples/react.html's payment area, built by `npm run build` into
// examples/dist/react-demo.js with React 19 and the built @pasarela/react and @pasarela/checkout.
import { StrictMode } from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { GiftCard } from './GiftCard';
import { PayPanel } from './PayPanel';
import { TEXT, usePageLanguage } from './text';

function App({ checkoutOrigin, giftBox }: { checkoutOrigin: string; giftBox: HTMLElement | null }) {
  const lang = usePageLanguage();
  const text = TEXT[lang];
  return (
    <>
      <PayPanel checkoutOrigin={checkoutOrigin} lang={lang} text={text} />
      {giftBox && createPortal(<GiftCard checkoutOrigin={checkoutOrigin} lang={lang} text={text} />, giftBox)}
    </>
  );
}

const mountPoint = document.getElementById('react-pay');
if (mountPoint) {
  // the demo shop writes the checkout origin into the page (%CHECKOUT_ORIGIN%)
  const checkoutOrigin = mountPoint.dataset.checkoutOrigin ?? '';
  createRoot(mountPoint).render(
    <StrictMode>
      <App checkoutOrigin={checkoutOrigin} giftBox={document.getElementById('react-gift')} />
    </StrictMode>,
  );
}
