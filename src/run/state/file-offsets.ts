/** Byte offsets of the output files after the last row written: the writer's checkpoint. */
export interface FileOffsets {
  readonly verdictsBytes: number;
  readonly evidenceBytes: number;
  /** evidence.bodies.jsonl (export/evidence-bodies.ts); 0 in a checkpoint of a run begun without it. */
  readonly bodiesBytes: number;
}
