import { useState } from 'react';
import type { SavedCard } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { CardMark, knownCardBrand } from '../ui/marks/CardMark';
import { BusyButton } from '../ui/BusyButton';

interface SavedCardListProps {
  cards: readonly SavedCard[];
  busyCard: number | null;
  onDefault(idRelCard: number): void;
  onRemove(idRelCard: number): void;
}

export const cardLabel = (card: SavedCard) => `${card.cardType} ${card.visibleNum}`;

export function SavedCardMark({ card }: { card: SavedCard }) {
  const brand = knownCardBrand(card.cardType);
  return brand ? <CardMark brand={brand} /> : null;
}

export function SavedCardList({ cards, busyCard, onDefault, onRemove }: SavedCardListProps) {
  const [confirming, setConfirming] = useState<number | null>(null);
  if (cards.length === 0) return <p className="page__text">{t('wallet_no_cards')}</p>;
  return (
    <ul className="wallet-list">
      {cards.map((card) => {
        const id = card.idRelCard ?? 0;
        const busy = busyCard === id;
        return (
          <li key={card.cardToken} className="wallet-list__item wallet-card">
            <span className="wallet-card__name">
              <SavedCardMark card={card} />
              {cardLabel(card)}
              {card.isDefault ? <span className="badge">{t('default_card')}</span> : null}
            </span>
            <span className="wallet-card__actions">
              {card.isDefault ? null : (
                <BusyButton type="button" className="button button--link" busy={busy} aria-label={`${t('set_default_card')}: ${cardLabel(card)}`} onClick={() => onDefault(id)}>
                  {t('set_default_card')}
                </BusyButton>
              )}
              <BusyButton type="button" className="button button--link" busy={busy} aria-label={`${t('remove_card')}: ${cardLabel(card)}`} aria-expanded={confirming === id} onClick={() => setConfirming(id)}>
                {t('remove_card')}
              </BusyButton>
            </span>
            {confirming === id ? (
              <div className="wallet-card__confirm" role="group" aria-label={t('remove_card')}>
                <p className="page__text">{t('remove_card_confirm', { card: cardLabel(card) })}</p>
                <BusyButton type="button" className="button button--secondary" busy={busy} onClick={() => (setConfirming(null), onRemove(id))}>
                  {t('remove_card_yes')}
                </BusyButton>
                <button type="button" className="button button--link" onClick={() => setConfirming(null)}>
                  {t('remove_card_keep')}
                </button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
