-- Issue 90: the duplicate rule's card fingerprint is the card vault's, made under a key only the vault
-- holds. The server's own fingerprint key (the one row of app_secrets) goes with its table: with it, a
-- copy of this database led back to full card numbers (a BIN, the last four, Luhn: about 10^5 HMACs).
-- Fingerprints stored before stay as opaque marks; nothing left here can recompute them.
drop table app_secrets;
