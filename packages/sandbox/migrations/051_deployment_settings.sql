-- Settings every node of a deployment must share (docs/operations.md "Settings the nodes share"):
-- the first node to start records its own, and a node started with another value refuses to start.
-- An operator changes one deliberately: one node started with RECORD_SHARED_SETTINGS=1 records its own.
create table deployment_settings (
  name text primary key,
  value text not null,
  recorded_by text not null,
  recorded_at timestamptz not null default now()
);
