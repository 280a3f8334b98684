import { useLayoutEffect, useRef } from 'react';

/**
 * A screen that replaced the one holding the focus (a wait after "Enviar", the balance after a
 * login) takes it on its heading, so it never rests on the page's body; a focus the payer placed
 * elsewhere is left alone. In the commit that drew it, before the browser paints: an effect runs after
 * the paint, and until then the focus was on the body (seen by the keyboard suite after Nequi's "Enviar").
 */
export function useArrivalFocus<T extends HTMLElement>() {
  const target = useRef<T>(null);
  useLayoutEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) target.current?.focus();
  }, []);
  return target;
}
