-- A hold is priced as its merchant's prices stood when the payer paid (docs/sandbox.md "Books and
-- payouts": a price applies to payments made from then on), whenever the merchant captures it: a
-- price changed meanwhile is not the hold's. Null for holds made before this column: their capture
-- reads the merchant's prices of the day, as before.
alter table transactions add column if not exists hold_prices jsonb;
