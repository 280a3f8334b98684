-- The processor an attempt went to (issue 89): the name of the gateways that served its method's
-- port on the node that recorded it ('simulator', or GATEWAYS_MODULE's). Only a node whose port has
-- that processor asks it about the attempt; null on attempts recorded before, which any node asks.
alter table transactions add column processor text;

create index if not exists transactions_in_doubt_processor on transactions (processor, method) where status = -1;
