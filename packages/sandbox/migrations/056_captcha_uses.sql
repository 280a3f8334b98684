-- A captcha token counts once, for one merchant (docs/api.md "Captcha"): a payment whose token the
-- captcha service accepted spends it here, and the primary key lets one of any payments racing with
-- one token have it. A later payment with the token is refused without asking the service; a retry
-- of the same request (its merchant and trackId) is let through to its answer.
create table captcha_uses (
  token_hash text primary key,
  merchant_id integer not null,
  track_id text not null,
  used_at timestamptz not null default now()
);
