-- A wallet login's bearer token was kept as the payer's browser holds it, so a copy of the database
-- (a backup, a replica, a dump) gave every live session to whoever read it. The table keeps its
-- SHA-256 instead, as merchants' secret keys are kept (store/merchantKeys.ts): 256 random bits need
-- no slow hash, and the hash is what a request's token is looked up by. Sessions open at the upgrade
-- stay open: their tokens are hashed in place.
alter table sessions rename column token to token_hash;
update sessions set token_hash = encode(sha256(convert_to(token_hash, 'UTF8')), 'hex');
