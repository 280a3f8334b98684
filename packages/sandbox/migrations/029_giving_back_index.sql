-- The give-back reconciler (store/giveBacks.ts) looks on every pass for the payments whose money is
-- still being given back: a handful among all transactions, found through this index alone.
create index if not exists transactions_giving_back on transactions (id) where details -> 'owedToPayer' ->> 'state' = 'giving_back';
