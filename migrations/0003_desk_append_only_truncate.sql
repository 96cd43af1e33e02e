-- Decisions, approvals, sightings and recorded runs are only ever added to. 0001 refuses UPDATE and DELETE
-- row by row on decisions and approvals; TRUNCATE bypasses row triggers, so it is refused here by a
-- statement trigger, and sightings and runs get the same three refusals. (desk_alerts is the alert's
-- current state and is updated by design; its history is in these tables.)

CREATE TRIGGER desk_decisions_no_truncate BEFORE TRUNCATE ON desk_decisions
  FOR EACH STATEMENT EXECUTE FUNCTION desk_append_only();
CREATE TRIGGER desk_approvals_no_truncate BEFORE TRUNCATE ON desk_approvals
  FOR EACH STATEMENT EXECUTE FUNCTION desk_append_only();

CREATE TRIGGER desk_sightings_append_only BEFORE UPDATE OR DELETE ON desk_sightings
  FOR EACH ROW EXECUTE FUNCTION desk_append_only();
CREATE TRIGGER desk_sightings_no_truncate BEFORE TRUNCATE ON desk_sightings
  FOR EACH STATEMENT EXECUTE FUNCTION desk_append_only();

CREATE TRIGGER desk_runs_append_only BEFORE UPDATE OR DELETE ON desk_runs
  FOR EACH ROW EXECUTE FUNCTION desk_append_only();
CREATE TRIGGER desk_runs_no_truncate BEFORE TRUNCATE ON desk_runs
  FOR EACH STATEMENT EXECUTE FUNCTION desk_append_only();
