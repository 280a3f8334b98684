-- Only the right party can act (issue 22): a merchant may turn the payment captcha off for its own
-- payments, its key sees only its own e-mails, and its live socket only its own changes.

-- On (the default): a payment without a valid captcha token is refused (403 error_captcha), unless
-- PAYMENT_CAPTCHA=0 turns the captcha off for the whole environment (docs/api.md "Captcha").
alter table merchants add column captcha_required boolean not null default true;

-- The merchant an e-mail was sent for (a receipt, a payment request, a crypto refund); null for the
-- wallet's own e-mails (sign-up and recovery codes, a user's request to a friend), which only the
-- operator reads.
alter table mailbox add column merchant_id integer references merchants (id);
create index if not exists mailbox_merchant on mailbox (merchant_id, id);

-- Every transaction change now names its merchant, so a merchant's live socket hears only its own.
create or replace function pasarela_notify_transaction() returns trigger language plpgsql as $$
begin
  perform pg_notify('pasarela_tx_' || tg_table_schema, json_build_object(
    'codOper', new.cod_oper, 'method', new.method, 'status', new.status, 'authStatus', new.auth_status,
    'userId', new.user_id, 'merchantId', new.merchant_id, 'origin', current_setting('application_name', true))::text);
  return null;
end $$;
