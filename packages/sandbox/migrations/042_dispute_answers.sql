-- A merchant answers a dispute (docs/merchant-api.md "Disputes"): its evidence, or accepting it.
alter table gateway_disputes add column evidence text;
alter table gateway_disputes add column evidence_submitted_at timestamptz;
create index if not exists gateway_disputes_created on gateway_disputes (created_at);
