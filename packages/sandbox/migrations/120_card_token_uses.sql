-- A typed card's vault token pays one payment (docs/security.md "Card data"): the attempt's insert
-- spends it here, in its own statement, and the primary key lets one of any payments racing with the
-- token have it. A payment whose server read the card's facts from the token's seal, without asking
-- the vault, learns here that an earlier payment spent the token (and its CVC); a retry of the same
-- request (its trackId) is let through to its answer. The token is kept as its sha-256, never itself.
create table card_token_uses (
  token_hash text primary key,
  track_id text not null,
  used_at timestamptz not null default now()
);
-- Deleted once no seal can be taken for the token (a seal is taken only while the vault holds its
-- CVC, an hour at most: store/cardTokenUses.ts forgetSpentCardTokens).
create index if not exists card_token_uses_used_at on card_token_uses (used_at);
