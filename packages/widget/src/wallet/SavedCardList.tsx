import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { maskedCardName, type MaskedName, type SavedCard } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { CardMark, knownCardBrand } from '../ui/marks/CardMark';
import { BusyButton } from '../ui/BusyButton';
import { MaskedNumber, MaskedText, spokenName } from '../ui/MaskedNumber';

interface SavedCardListProps {
  cards: readonly SavedCard[];
  busyCard: number | null;
  onDefault(idRelCard: number): void;
  onRemove(idRelCard: number): void;
  /** Where the focus goes once a removed card has left the list. */
  afterRemoveFocus?: (() => void) | undefined;
}

/** "Visa •••• 4242" shown, "Visa terminada en 4242" spoken (core's maskedCardName). */
export const cardNameOf = (card: SavedCard): MaskedName =>
  maskedCardName(card.cardType, card.visibleNum) ?? { kind: 'card', shown: card.cardType, brand: card.cardType, last4: '' };

export function SavedCardMark({ card }: { card: SavedCard }) {
  const brand = knownCardBrand(card.cardType);
  return brand ? <CardMark brand={brand} /> : null;
}

/** The change asked for: where the focus goes once the list shows it, and the card's name as spoken, to say it was done. */
type FocusNext = { id: number; to: 'remove' | 'gone'; spoken: string } | null;

export function SavedCardList({ cards, busyCard, onDefault, onRemove, afterRemoveFocus }: SavedCardListProps) {
  const [confirming, setConfirming] = useState<number | null>(null);
  const removeButtons = useRef(new Map<number, HTMLButtonElement | null>());
  const firstAnswer = useRef<HTMLButtonElement>(null);
  // A button that leaves the page (the default's, the question's) hands the focus on, never to the body.
  const focusNext = useRef<FocusNext>(null);
  // What changed, said once the list shows it: the button pressed leaves the page with the change.
  const [said, setSaid] = useState('');
  useLayoutEffect(() => {
    if (confirming !== null) firstAnswer.current?.focus();
  }, [confirming]);
  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (next.to === 'gone') {
      if (cards.some((c) => c.idRelCard === next.id)) return;
      focusNext.current = null;
      setSaid(t('card_removed', { card: next.spoken }));
      if (lost) afterRemoveFocus?.();
      return;
    }
    focusNext.current = null;
    if (cards.some((c) => c.idRelCard === next.id && c.isDefault)) setSaid(t('card_now_default', { card: next.spoken }));
    if (lost) removeButtons.current.get(next.id)?.focus();
  }, [cards]);
  const closeQuestion = (id: number) => {
    setConfirming(null);
    removeButtons.current.get(id)?.focus();
  };
  const status = <p className="visually-hidden" role="status">{said}</p>;
  if (cards.length === 0) return <>{status}<p className="page__text">{t('wallet_no_cards')}</p></>;
  return (
    <>
    {status}
    <ul className="wallet-list">
      {cards.map((card) => {
        const id = card.idRelCard ?? 0;
        const busy = busyCard === id;
        const name = cardNameOf(card);
        const spoken = spokenName(name);
        return (
          <li key={card.cardToken} className="wallet-list__item wallet-card">
            <span className="wallet-card__name">
              <SavedCardMark card={card} />
              <MaskedNumber name={name} />
              {card.isDefault ? <span className="badge">{t('default_card')}</span> : null}
            </span>
            <span className="wallet-card__actions">
              {card.isDefault ? null : (
                <BusyButton
                  type="button"
                  className="button button--link"
                  busy={busy}
                  aria-label={`${t('set_default_card')}: ${spoken}`}
                  onClick={() => {
                    focusNext.current = { id, to: 'remove', spoken };
                    setSaid('');
                    onDefault(id);
                  }}
                >
                  {t('set_default_card')}
                </BusyButton>
              )}
              <BusyButton
                type="button"
                className="button button--link"
                busy={busy}
                buttonRef={(el) => void removeButtons.current.set(id, el)}
                aria-label={`${t('remove_card')}: ${spoken}`}
                aria-expanded={confirming === id}
                onClick={() => setConfirming(id)}
              >
                {t('remove_card')}
              </BusyButton>
            </span>
            {confirming === id ? (
              <div
                className="wallet-card__confirm"
                role="group"
                aria-labelledby={`remove-question-${id}`}
                onKeyDown={(event) => {
                  if (event.key !== 'Escape') return;
                  // Escape answers the question only; the checkout around it stays.
                  event.stopPropagation();
                  closeQuestion(id);
                }}
              >
                <p className="page__text" id={`remove-question-${id}`}>
                  <MaskedText name={name} say={(card) => t('remove_card_confirm', { card })} />
                </p>
                <BusyButton
                  type="button"
                  className="button button--secondary"
                  busy={busy}
                  buttonRef={firstAnswer}
                  onClick={() => {
                    focusNext.current = { id, to: 'gone', spoken };
                    setSaid('');
                    closeQuestion(id);
                    onRemove(id);
                  }}
                >
                  {t('remove_card_yes')}
                </BusyButton>
                <button type="button" className="button button--link" onClick={() => closeQuestion(id)}>
                  {t('remove_card_keep')}
                </button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
    </>
  );
}
