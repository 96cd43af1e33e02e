/**
 * A rate over a sliding window of a counter's readings: the change from the oldest reading still in the
 * window (or the last one before it) to the newest, over the time between them. The run's counters move in
 * bursts (a batch of rows written at once, a check's calls counted together): a rate over one second jumps
 * between 0 and hundreds, one over the last 15 s reads as the service sees the calls arrive.
 */
export class SlidingRate {
  private samples: { at: number; value: number }[] = [];

  constructor(
    private readonly windowMs = 15_000,
    /** Below this span there is no rate yet (undefined), rather than one from two readings 250 ms apart. */
    private readonly minSpanMs = 3_000,
  ) {}

  add(value: number, at: number): void {
    const last = this.samples.at(-1);
    // A counter that went back (another run's follower, a reset) starts the window again.
    if (last && (value < last.value || at < last.at)) this.samples = [];
    this.samples.push({ at, value });
    // Keep one reading at or before the window's start, so the window is covered whole.
    while (this.samples.length > 2 && (this.samples[1]?.at ?? at) <= at - this.windowMs) this.samples.shift();
  }

  /** Per second over the window; undefined until the readings span minSpanMs. */
  perSecond(): number | undefined {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last || last.at - first.at < this.minSpanMs) return undefined;
    return ((last.value - first.value) * 1_000) / (last.at - first.at);
  }
}
