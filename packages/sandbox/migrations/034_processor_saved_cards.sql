-- A saved card is the card processor's own reusable token and customer (its saveCard answer), kept
-- where the card is kept and on every attempt charged with it; Pasarela makes up no token of its own.
alter table user_cards add column card_customer text;
alter table card_checks add column card_customer text;
-- A check has no token until the processor saved the card.
alter table card_checks alter column card_token drop not null;
alter table transactions add column card_customer text;
alter table subscriptions add column card_customer text;
