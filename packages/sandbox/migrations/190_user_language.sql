-- A wallet user's own language (es or en): the one they last signed up or logged in with. An e-mail
-- to them from someone else (a payment request) is written in it; null: none known yet.
alter table users add column if not exists lang text check (lang in ('es', 'en'));
