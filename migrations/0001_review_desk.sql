-- The review desk: alerts (one per client key, register and record id), where each was seen, and the
-- decisions and approvals made on them. Decisions and approvals are the record a regulator asks for: they
-- are only ever added to (triggers below refuse UPDATE and DELETE); a new decision supersedes the last.

CREATE TABLE desk_alerts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_key text NOT NULL,
  register text NOT NULL,
  record_id text NOT NULL,
  check_kind text NOT NULL,
  client_name text NOT NULL DEFAULT '',
  record_name text NOT NULL DEFAULT '',
  -- open | pending | false_positive | true_match | escalated
  status text NOT NULL,
  -- how the alert was last seen: new | seen_again | reopened
  sighting text NOT NULL,
  match text NOT NULL,
  score double precision NOT NULL,
  risk double precision NOT NULL,
  record_hash text NOT NULL,
  explanation text NOT NULL DEFAULT '',
  evidence jsonb NOT NULL,
  first_run_id text,
  last_run_id text,
  last_row integer,
  opened_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  times_seen integer NOT NULL DEFAULT 1,
  UNIQUE (client_key, register, record_id)
);
CREATE INDEX desk_alerts_inbox ON desk_alerts (status, risk DESC, id);
CREATE INDEX desk_alerts_last_run ON desk_alerts (last_run_id);

CREATE TABLE desk_sightings (
  alert_id integer NOT NULL REFERENCES desk_alerts (id),
  run_id text NOT NULL,
  row_number integer NOT NULL,
  record_hash text NOT NULL,
  -- the candidate's decision in that run: MATCH | POSSIBLE_MATCH | SUPPRESSED
  match text NOT NULL,
  score double precision NOT NULL,
  -- new | seen_again | reopened | suppressed
  sighting text NOT NULL,
  seen_at timestamptz NOT NULL,
  PRIMARY KEY (alert_id, run_id, row_number)
);
CREATE INDEX desk_sightings_run ON desk_sightings (run_id, row_number);

CREATE TABLE desk_decisions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  alert_id integer NOT NULL REFERENCES desk_alerts (id),
  decision text NOT NULL CHECK (decision IN ('true_match', 'false_positive', 'escalate')),
  comment text NOT NULL CHECK (length(btrim(comment)) > 0),
  decided_by text NOT NULL,
  decided_at timestamptz NOT NULL,
  record_hash text NOT NULL,
  -- desk (the API or the browser) | import (whitelist import)
  source text NOT NULL
);
CREATE INDEX desk_decisions_alert ON desk_decisions (alert_id, id DESC);

CREATE TABLE desk_approvals (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  decision_id integer NOT NULL UNIQUE REFERENCES desk_decisions (id),
  approved boolean NOT NULL,
  comment text NOT NULL,
  approved_by text NOT NULL,
  approved_at timestamptz NOT NULL,
  CHECK (approved OR length(btrim(comment)) > 0)
);

CREATE FUNCTION desk_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'desk records are append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END
$$;
CREATE TRIGGER desk_decisions_append_only BEFORE UPDATE OR DELETE ON desk_decisions
  FOR EACH ROW EXECUTE FUNCTION desk_append_only();
CREATE TRIGGER desk_approvals_append_only BEFORE UPDATE OR DELETE ON desk_approvals
  FOR EACH ROW EXECUTE FUNCTION desk_append_only();
