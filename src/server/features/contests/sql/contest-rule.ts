/*
 * The running-contest rule, stated once (issue 45 §4): a contest runs from
 * its start, included, to its end, excluded, and the instant is always the
 * application's clock (a service's `now`, or an act's `scanned_at`), never
 * PostgreSQL's now(). record_acts gives a scan its tickets by it; every query
 * asks it through features/contests' `contestRunningAt`, and a contest's
 * status (upcoming, active, completed) is `contest_status`, read with the row.
 * Both are SQL functions simple enough for PostgreSQL to inline, so a query
 * keeps its indexes.
 */
export const CONTEST_RULE = [
  String.raw`
create or replace function contest_running_at(p_starts_at timestamptz, p_ends_at timestamptz, p_at timestamptz) returns boolean
language sql immutable parallel safe
as $$ select p_starts_at <= p_at and p_ends_at > p_at $$`,
  String.raw`
create or replace function contest_status(p_starts_at timestamptz, p_ends_at timestamptz, p_at timestamptz) returns text
language sql immutable parallel safe
as $$ select case when p_at < p_starts_at then 'upcoming' when contest_running_at(p_starts_at, p_ends_at, p_at) then 'active' else 'completed' end $$`,
];
