/**
 * Reverse screening of the register's change: the manifest's `foreign_agent_mirror`. When a run synced the
 * kept mirror and the sync brought records the mirror did not have, which of the run's clients those
 * records matched: the clients a change of the register hit, not a change of the client's own data.
 */
export interface RegisterChangeReport {
  /** When the register was last enumerated in full (removals and edits are as old as this), UTC. */
  readonly built_at: string;
  readonly synced_days: number;
  readonly synced: { readonly since: string; readonly until: string };
  readonly new_records: number;
  /** Ids of the new records as kyc_matches writes them (registration number, else a content id). */
  readonly new_record_ids: readonly string[];
  /** Clients of the run a new record matched (MATCH or POSSIBLE_MATCH of the foreign-agent check). */
  readonly clients_hit_by_new_records: number;
  /** Their rows in the input file (the first 1,000). */
  readonly rows_hit_by_new_records: readonly number[];
}
