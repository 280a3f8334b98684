-- What a merchant writes for its payers, per language (core merchantTextIn): `{ "en": { "title":
-- "...", "description": "..." } }` beside the text it gave first, which stays the default (its
-- language when it gave only one). Campaigns: title and description; links: description.
alter table campaigns add column translations jsonb not null default '{}';
alter table payment_links add column translations jsonb not null default '{}';
