-- A dispute (chargeback) as the card processor's events report it: one row per processor dispute,
-- on the payment whose charge it disputes, moved to each later state the processor reports.
create table gateway_disputes (
  reference text primary key,
  cod_oper text not null references transactions (cod_oper),
  status text not null check (status in ('needs_response', 'under_review', 'won', 'lost')),
  amount_cents integer not null check (amount_cents >= 0),
  currency text not null,
  reason text not null,
  evidence_due_by timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists gateway_disputes_payment on gateway_disputes (cod_oper);
