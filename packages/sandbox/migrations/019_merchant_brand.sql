-- A merchant's brand (docs/merchant-api.md "Brand"): the colour and display name payers see, and
-- the logo it uploaded, kept by the SHA-256 of its bytes and served from the checkout origin at
-- /images/logos/<sha256>.<ext> (a new logo is a new address, so the old one may be cached forever).
alter table merchants add column brand_color text check (brand_color ~ '^#[0-9a-f]{6}$');
alter table merchants add column display_name text check (char_length(display_name) between 1 and 60);

-- One row per distinct image: two merchants uploading the same bytes share it.
create table merchant_logos (
  sha256 text primary key check (sha256 ~ '^[0-9a-f]{64}$'),
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp')),
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  bytes bytea not null,
  created_at timestamptz not null default now()
);

alter table merchants add column logo_sha256 text references merchant_logos (sha256);

-- An e-mail's HTML alternative, where it has one: the receipts and vouchers carry the merchant's
-- name, logo and colour (mail/templates.ts brandedHtml). The text body stays the e-mail.
alter table mailbox add column html text;
