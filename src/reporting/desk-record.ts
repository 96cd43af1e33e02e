/**
 * What the review desk holds of one run, as plain data for the report, the delta and the new-HITs notice:
 * the alerts each row of the run raised or met, how the run saw each (new, seen again, reopened,
 * suppressed) and where each stands now. The desk (src/desk/run-record.ts) builds it; the wiring hands it
 * to reporting, which imports nothing of the desk. No client data: ids, registers, codes and staff names.
 */

export type RowAlertSighting = 'new' | 'seen_again' | 'reopened' | 'suppressed';
export type RowAlertStatus = 'open' | 'pending' | 'false_positive' | 'true_match' | 'escalated';
export type RowAlertDecision = 'true_match' | 'false_positive' | 'escalate';

export interface RowAlert {
  readonly id: number;
  readonly register: string;
  readonly recordId: string;
  /** How this run saw the alert's candidate. */
  readonly sighting: RowAlertSighting;
  /** The alert's status when the record was read. */
  readonly status: RowAlertStatus;
  /**
   * The decision behind the status: the one awaiting approval (status `pending`), or the approved one in
   * force (`true_match`, `false_positive`, `escalated`). Absent for an open alert.
   */
  readonly decision?: {
    readonly kind: RowAlertDecision;
    readonly decidedBy: string;
    /** Absent while the decision awaits approval. */
    readonly approvedBy?: string;
  };
}

export interface RunDeskRecord {
  readonly runId: string;
  /** The alerts by the run's row number (rows without alerts are absent). */
  readonly rows: ReadonlyMap<number, readonly RowAlert[]>;
  /**
   * The dashboard's base URL (`KYC_DASHBOARD_URL`), when this deployment names one: each alert then links
   * to `<base>/desk/alerts/<id>`.
   */
  readonly dashboardUrl?: string;
}

/** The alerts of the run by how it saw them, each alert once (a duplicated client row sees it twice). */
export interface RunAlertCounts {
  readonly opened: readonly number[];
  readonly reopened: readonly number[];
  readonly seenAgain: readonly number[];
}

export function alertCountsOf(record: RunDeskRecord): RunAlertCounts {
  const by = new Map<number, RowAlertSighting>();
  for (const alerts of record.rows.values())
    for (const alert of alerts) {
      // The row that first raised an alert in the run says how the run saw it.
      if (!by.has(alert.id)) by.set(alert.id, alert.sighting);
    }
  const ids = (sighting: RowAlertSighting) =>
    [...by.entries()]
      .filter(([, s]) => s === sighting)
      .map(([id]) => id)
      .sort((a, b) => a - b);
  return { opened: ids('new'), reopened: ids('reopened'), seenAgain: ids('seen_again') };
}

/** The desk's page of an alert, when the dashboard's address is known. */
export function alertPageUrl(record: Pick<RunDeskRecord, 'dashboardUrl'>, id: number): string | undefined {
  if (!record.dashboardUrl) return undefined;
  return `${record.dashboardUrl.replace(/\/+$/u, '')}/desk/alerts/${id}`;
}

/**
 * An alert in one plain-text phrase (the delta's CSV and summary): `#12 new, open`,
 * `#7 seen_again, true_match by alice approved by bob`, `#9 new, pending false_positive by alice`.
 */
export function alertPhrase(alert: RowAlert): string {
  const d = alert.decision;
  const state =
    alert.status === 'pending' && d
      ? `pending ${d.kind} by ${d.decidedBy}`
      : d && d.approvedBy !== undefined
        ? `${alert.status} by ${d.decidedBy} approved by ${d.approvedBy}`
        : alert.status;
  return `#${alert.id} ${alert.sighting}, ${state}`;
}
