/*
 * A scan's tickets, given by the contests feature, which owns them: one
 * ticket in every contest running at the scan (the running-contest rule,
 * contest-rule.ts), and the names of those contests, soonest ending first,
 * for the scan's answer. The acts engine's record_acts calls it for each act
 * it records, in its statement (scan/sql/record-acts.ts): the engine writes
 * no contest's table, and the contests read no table of the engine's.
 *
 * To change it, edit it here and add a migration that reinstalls it
 * (installFunction, platform/db/install-function.ts).
 */
export const CONTEST_TICKETS = String.raw`
create or replace function contest_give_tickets(p_user text, p_at timestamptz) returns jsonb
language plpgsql volatile
as $fn$
declare
  v_names jsonb;
begin
  -- PL/pgSQL, not SQL: its statements' plans are kept for the connection, where
  -- a SQL function called once per act would be planned again at each call.
  with entered as (
    insert into contest_entries (contest_id, user_id, tickets)
    select c.id, p_user, 1 from contests c where contest_running_at(c.starts_at, c.ends_at, p_at)
    on conflict (contest_id, user_id) do update set tickets = contest_entries.tickets + 1, updated_at = now()
    returning contest_id
  )
  select coalesce((select jsonb_agg(c.name order by c.ends_at) from entered e join contests c on c.id = e.contest_id), '[]'::jsonb)
  into v_names;
  return v_names;
end
$fn$`;
