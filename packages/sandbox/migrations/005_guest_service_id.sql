-- SPEC 6: a guest pays under the environment's anonymous user service id; kept on the transaction.
alter table transactions add column anonymous_user_service_id integer;
