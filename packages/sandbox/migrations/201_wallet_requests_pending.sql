-- Wallet payment requests (process_records of kind 'activity') take SPEC 3's wallet statuses:
-- -1 pending, 0 declined, 1 paid. Every request recorded before waited (none could be paid or called
-- off), so each 0 becomes -1.
update process_records set status = -1 where kind = 'activity' and status = 0;
