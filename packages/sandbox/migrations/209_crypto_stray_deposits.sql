-- Crypto payments that were sent coins at an address they moved from (details.strayDeposits), for the
-- pass that sends those back (store/giveBacks.ts claimStrayDeposits): found through an index of the
-- few such payments, never by reading every payment. Its predicate is the query's, word for word.
create index if not exists transactions_stray_deposits on transactions (id)
  where method = 'crypto' and details -> 'strayDeposits' is not null;
