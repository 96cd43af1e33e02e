/** Request counters of the emulator, by route and status: what tests and benchmarks assert on. */

export interface EmulatorStats {
  /** Requests to the service's routes (the /__emulator endpoints are not counted). */
  total: number;
  /** `"<route> <status>"` → count; route is the spec path (`/reg2/dictionary/{name}`). */
  byRoute: Record<string, number>;
  /** Start of the counting window: the emulator start or the last reset, ISO 8601 UTC. */
  startedAt: string;
}

/** The status recorded for a request whose client went away before the answer (nginx's convention). */
export const CLIENT_CLOSED = 499;

export class StatsCounter {
  private counts = new Map<string, Map<number, number>>();
  private total = 0;
  private startedAt = new Date();

  record(route: string, status: number): void {
    this.total++;
    let byStatus = this.counts.get(route);
    if (byStatus === undefined) {
      byStatus = new Map();
      this.counts.set(route, byStatus);
    }
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  }

  snapshot(): EmulatorStats {
    const byRoute: Record<string, number> = {};
    for (const [route, byStatus] of this.counts) {
      for (const [status, count] of byStatus) byRoute[`${route} ${status}`] = count;
    }
    return { total: this.total, byRoute, startedAt: this.startedAt.toISOString() };
  }

  reset(): void {
    this.counts = new Map();
    this.total = 0;
    this.startedAt = new Date();
  }
}
