-- Tries at an e-mailed code, one counter row per purpose and address (or user): a try is counted by
-- one atomic upsert before the code is compared, so tries racing on any node cannot share a count.
-- The count lasts a code's 10 minutes from the first try; asking for a new code does not reset it.
create table code_tries (
  purpose text not null,
  who text not null,
  tries integer not null,
  window_ends_at timestamptz not null,
  primary key (purpose, who)
);

-- Replaced by code_tries (its rows only mattered for 10 minutes).
drop table code_failures;
