-- A wallet user's payment requests are listed by who was asked (the address they were sent to, any
-- case: store/balanceMovements.ts listWalletRequests) and a balance's movements by who paid them
-- (`paidBy`, listBalanceMovements): each through an index of the requests, not a read of every record.
create index if not exists process_records_request_to on process_records (lower(data ->> 'to')) where kind = 'activity';
create index if not exists process_records_request_paid_by on process_records (((data ->> 'paidBy')::int)) where kind = 'activity';
