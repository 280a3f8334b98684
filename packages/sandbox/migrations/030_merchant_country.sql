-- Where the merchant is (ISO 3166-1 alpha-2): its payers' Nequi phones are of that country (core
-- nequiPhoneRule). Every merchant so far is Panamanian (SPEC 5's default country).
alter table merchants add column country text not null default 'PA' check (country ~ '^[A-Z]{2}$');
