-- The simulated processors are a service of their own (packages/simulator) with their own books:
-- the provider's database keeps no processor's books. What an older sandbox kept here was the
-- in-process simulator's, which no server reads any more.
drop table if exists gateway_simulator;
