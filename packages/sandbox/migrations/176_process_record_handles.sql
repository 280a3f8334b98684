-- A document the checkout saves mid-payment (SPEC 7 process-tx-info, process-QR info) is named to
-- whoever saved it by a random handle, not by the table's sequence: with sequential ids anyone read
-- and replaced another payer's document (its e-mail and name) by counting.
alter table process_records add column handle uuid not null default gen_random_uuid();
create unique index if not exists process_records_handle on process_records (handle);
