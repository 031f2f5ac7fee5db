/*
 * A scan batch's tickets, given by the contests feature, which owns them: for
 * each act (a person and when they acted), one ticket in every contest running
 * at that moment (the running-contest rule, contest-rule.ts), and the names of
 * those contests, soonest ending first, for the scan's answer, in the acts'
 * order. The acts engine's record_acts calls it once per batch, for the acts
 * it recorded (scan/sql/record-acts.ts): the engine writes no contest's table,
 * and the contests read no table of the engine's.
 *
 * Once per batch, not once per act: a call per act cost each scan a statement
 * of its own, 34 µs of PostgreSQL's time even with no contest running (a
 * ninth of record_acts', measured with pg_stat_statements). A batch holds at
 * most one act per person (record_acts' version check), but two acts of one
 * person are still counted, not lost.
 *
 * To change it, edit it here and add a migration that reinstalls it
 * (installFunction, platform/db/install-function.ts).
 */
export const CONTEST_TICKETS = String.raw`
create or replace function contest_give_tickets(p_users text[], p_ats timestamptz[]) returns jsonb[]
language plpgsql volatile
as $fn$
declare
  v_names jsonb[];
begin
  -- PL/pgSQL, not SQL: its statement's plan is kept for the connection, where
  -- a SQL function would be planned again at each call.
  with acted as (
    select a.user_id, a.at, a.ord from unnest(p_users, p_ats) with ordinality as a(user_id, at, ord)
  ), running as (
    select a.ord, a.user_id, c.id, c.name, c.ends_at from acted a join contests c on contest_running_at(c.starts_at, c.ends_at, a.at)
  ), entered as (
    insert into contest_entries (contest_id, user_id, tickets)
    select id, user_id, count(*)::int from running group by id, user_id
    on conflict (contest_id, user_id) do update set tickets = contest_entries.tickets + excluded.tickets, updated_at = now()
  )
  select array_agg(coalesce(n.names, '[]'::jsonb) order by a.ord)
  from acted a left join (select ord, jsonb_agg(name order by ends_at) as names from running group by ord) n on n.ord = a.ord
  into v_names;
  return v_names;
end
$fn$`;

/** The function record_acts called once per act, before batches gave tickets together (migration 0058 drops it). */
export const CONTEST_TICKETS_PER_ACT = "drop function if exists contest_give_tickets(text, timestamptz)";
