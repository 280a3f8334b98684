-- One payment attempt makes at most one charge: what defined the charge of a trackId (an HMAC of
-- core's chargeIdentityText), so that the trackId reused for another charge is refused.
alter table transactions add column request_fingerprint text;
-- A saved card's keyed fingerprint (the same HMAC as a typed card's), for the duplicate rule.
alter table user_cards add column card_fingerprint text;
