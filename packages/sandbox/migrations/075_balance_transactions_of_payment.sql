-- A payment's lines in the books, every type (its payment, refunds, disputes): a transaction's fee,
-- net and line ids, and `GET /balance-transactions?codOper=`, read them by payment; the unique index
-- of 041 covers only the payment line.
create index if not exists balance_transactions_of_payment on balance_transactions (cod_oper, seq) where cod_oper is not null;
