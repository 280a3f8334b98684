-- A single-use link (an order, an e-mailed payment request, a bill) takes one payment whatever the
-- method. The payment that goes through claims the link with a conditional write in its own
-- transaction (store/links.ts claimSingleUseLink), so payments racing on any node cannot both pass.
alter table payment_links add column paid_cod_oper text;

update payment_links l set paid_cod_oper = (
  select t.cod_oper from transactions t
   where t.link_code = l.code and (t.status = 1 or (t.method = 'cash' and t.status = 2))
   order by t.id limit 1)
 where l.single_use;
