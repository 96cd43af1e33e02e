-- The runs the desk recorded, each once: a report or a delta tells "no alert on this row" from "the desk
-- has no record of this run" (a run with no candidate leaves no sighting behind).

CREATE TABLE desk_runs (
  run_id text PRIMARY KEY,
  recorded_at timestamptz NOT NULL
);
