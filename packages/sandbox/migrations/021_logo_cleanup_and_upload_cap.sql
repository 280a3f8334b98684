-- A merchant's logo is kept while a merchant uses it: replacing or removing it deletes the old image
-- when no merchant refers to it any more (store/merchantBrand.ts, under one advisory lock), and the
-- images already left unreferenced go now.
delete from merchant_logos l where not exists (select 1 from merchants m where m.logo_sha256 = l.sha256);

-- Logo uploads a merchant made in its current window (docs/merchant-api.md "POST /brand/logo"):
-- counted by one upsert in the upload's own transaction, the window starting at its first upload.
create table logo_uploads (
  merchant_id integer primary key references merchants (id) on delete cascade,
  uploads integer not null check (uploads > 0),
  window_ends_at timestamptz not null
);
