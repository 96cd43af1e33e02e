import type { FileHandle } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { KycError } from '../errors.js';
import { createPart, reclaimPlaced, reopenPart } from '../infra/part-files.js';

/** Byte offsets of the output files after the last row written: the writer's checkpoint. */
export interface FileOffsets {
  readonly verdictsBytes: number;
  readonly evidenceBytes: number;
}

/**
 * The two row-ordered output files (their part files while the run goes on), written at explicit positions. On resume each is truncated to the
 * checkpoint's offset, which removes any row written after the last checkpoint, so no row is doubled;
 * rows after the checkpoint are written again from Redis, so none is lost.
 */
export class OutputFiles {
  private constructor(
    private readonly verdicts: FileHandle,
    private readonly evidence: FileHandle,
    private offsets: FileOffsets,
  ) {}

  /**
   * Opens the run's part files (output-paths.ts): created new for a fresh run, reopened and truncated to
   * the checkpoint on resume. `finals` are the names the parts go to when the run completes: a resume that
   * finds a part gone and its final name holding exactly the checkpoint's bytes takes it back.
   */
  static async open(
    paths: { verdicts: string; evidence: string },
    from: FileOffsets | undefined,
    options: { mode: number; finals?: { verdicts: string; evidence: string } },
  ): Promise<OutputFiles> {
    const handles: FileHandle[] = [];
    try {
      for (const [role, offset] of [
        ['verdicts', from?.verdictsBytes ?? 0],
        ['evidence', from?.evidenceBytes ?? 0],
      ] as const) {
        const path = paths[role];
        mkdirSync(dirname(path), { recursive: true });
        let handle: FileHandle | undefined;
        if (from === undefined) handle = await createPart(path, options.mode);
        else {
          handle = await reopenPart(path);
          const final = options.finals?.[role];
          if (!handle && final && (await reclaimPlaced(path, final, offset))) handle = await reopenPart(path);
          if (!handle)
            throw new KycError('KYC_ERR_OUTPUT_WRITE', `${path} is gone: the run cannot continue its output`);
        }
        handles.push(handle);
        const { size } = await handle.stat();
        if (size < offset) {
          throw new KycError(
            'KYC_ERR_OUTPUT_WRITE',
            `${path} is shorter (${size} bytes) than its checkpoint (${offset} bytes): it was changed outside the run`,
          );
        }
        await handle.truncate(offset);
      }
    } catch (error) {
      await Promise.all(handles.map((h) => h.close()));
      throw error;
    }
    const [verdicts, evidence] = handles as [FileHandle, FileHandle];
    return new OutputFiles(verdicts, evidence, from ?? { verdictsBytes: 0, evidenceBytes: 0 });
  }

  get position(): FileOffsets {
    return this.offsets;
  }

  async append(verdicts: Buffer, evidence: Buffer): Promise<void> {
    if (verdicts.length > 0)
      await this.verdicts.write(verdicts, 0, verdicts.length, this.offsets.verdictsBytes);
    if (evidence.length > 0)
      await this.evidence.write(evidence, 0, evidence.length, this.offsets.evidenceBytes);
    this.offsets = {
      verdictsBytes: this.offsets.verdictsBytes + verdicts.length,
      evidenceBytes: this.offsets.evidenceBytes + evidence.length,
    };
  }

  /** Data on disk before the checkpoint says so: a crash of the machine must not leave the checkpoint ahead. */
  async sync(): Promise<void> {
    await Promise.all([this.verdicts.datasync(), this.evidence.datasync()]);
  }

  async close(): Promise<void> {
    await Promise.all([this.verdicts.close(), this.evidence.close()]);
  }
}
