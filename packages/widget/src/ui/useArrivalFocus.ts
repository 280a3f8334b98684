import { useEffect, useRef } from 'react';

/**
 * A screen that replaced the one holding the focus (a wait after "Enviar", the balance after a
 * login) takes it on its heading, so it never rests on the page's body; a focus the payer placed
 * elsewhere is left alone.
 */
export function useArrivalFocus<T extends HTMLElement>() {
  const target = useRef<T>(null);
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) target.current?.focus();
  }, []);
  return target;
}
