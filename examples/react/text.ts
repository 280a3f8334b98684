import { useEffect, useState } from 'react';
import type { Language } from './shop';

export const TEXT = {
  es: {
    pay: 'Pagar con Pasarela',
    payHere: 'Pagar en esta página',
    cancel: 'Cancelar el pago',
    lastAttempt: 'Último intento (useCheckout().lastResult):',
    approved: 'aprobado',
    pending: 'pendiente',
    declined: 'no aprobado',
    unknown: 'resultado desconocido: búscalo en tu servidor por trackId',
    giftTitle: 'Tarjeta de regalo',
    giftNote: 'Un enlace de pago preparado de antemano, abierto con <CheckoutButton>.',
    giftPay: 'Regalar $25.00',
  },
  en: {
    pay: 'Pay with Pasarela',
    payHere: 'Pay on this page',
    cancel: 'Cancel payment',
    lastAttempt: 'Last attempt (useCheckout().lastResult):',
    approved: 'approved',
    pending: 'pending',
    declined: 'not approved',
    unknown: 'outcome unknown: look it up on your server by trackId',
    giftTitle: 'Gift card',
    giftNote: 'A payment link prepared in advance, opened with <CheckoutButton>.',
    giftPay: 'Give $25.00',
  },
} as const;

export type Text = (typeof TEXT)[Language];

/** The page language, which shop.js's toggle sets on <html lang>. */
export function usePageLanguage(): Language {
  const read = (): Language => (document.documentElement.lang === 'en' ? 'en' : 'es');
  const [lang, setLang] = useState(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setLang(read()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    return () => observer.disconnect();
  }, []);
  return lang;
}
