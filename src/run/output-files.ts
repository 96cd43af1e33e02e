import type { FileHandle } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { KycError } from '../errors.js';
import { encodeBodyLine, parseBodyLine, type EvidenceBody } from '../export/evidence-bodies.js';
import { createPart, reclaimPlaced, reopenPart } from '../infra/part-files.js';
import type { FileOffsets } from './state/file-offsets.js';

export type { FileOffsets } from './state/file-offsets.js';

const ROLES = ['verdicts', 'evidence', 'bodies'] as const;
type Role = (typeof ROLES)[number];
type Paths = Readonly<Record<Role, string>>;

const OFFSET: Readonly<Record<Role, keyof FileOffsets>> = {
  verdicts: 'verdictsBytes',
  evidence: 'evidenceBytes',
  bodies: 'bodiesBytes',
};

const offsetOf = (offsets: FileOffsets | undefined, role: Role): number => offsets?.[OFFSET[role]] ?? 0;

/**
 * The three row-ordered output files (their part files while the run goes on), written at explicit
 * positions. On resume each is truncated to the checkpoint's offset, which removes any row written after
 * the last checkpoint, so no row is doubled; rows after the checkpoint are written again from Redis, so
 * none is lost. The bodies an evidence line refers to are written with it, in the same batch and under the
 * same checkpoint, so a line on disk never refers to a body that is not; after the truncation the bodies
 * file is read back to know which bodies are written already, so none is written twice.
 */
export class OutputFiles {
  private constructor(
    private readonly handles: Readonly<Record<Role, FileHandle>>,
    private offsets: FileOffsets,
    private readonly written: Set<string>,
  ) {}

  /**
   * Opens the run's part files (output-paths.ts): created new for a fresh run, reopened and truncated to
   * the checkpoint on resume. `finals` are the names the parts go to when the run completes: a resume that
   * finds a part gone and its final name holding exactly the checkpoint's bytes takes it back.
   */
  static async open(
    paths: Paths,
    from: FileOffsets | undefined,
    options: { mode: number; finals?: Paths },
  ): Promise<OutputFiles> {
    const handles: Partial<Record<Role, FileHandle>> = {};
    try {
      for (const role of ROLES) handles[role] = await openOne(role, paths, from, options);
      const opened = handles as Record<Role, FileHandle>;
      const written = await writtenBodies(opened.bodies);
      return new OutputFiles(opened, from ?? { verdictsBytes: 0, evidenceBytes: 0, bodiesBytes: 0 }, written);
    } catch (error) {
      for (const role of ROLES) await handles[role]?.close();
      throw error;
    }
  }

  get position(): FileOffsets {
    return this.offsets;
  }

  /** The lines of the bodies not written yet (each once, in the order given), now counted as written. */
  newBodies(bodies: readonly EvidenceBody[]): Buffer {
    const lines: string[] = [];
    for (const body of bodies) {
      if (this.written.has(body.sha256)) continue;
      this.written.add(body.sha256);
      lines.push(encodeBodyLine(body));
    }
    return Buffer.from(lines.join(''), 'utf8');
  }

  /** Appends a batch; the bodies are written first, so that they are on disk before any line naming them. */
  async append(verdicts: Buffer, evidence: Buffer, bodies: Buffer = Buffer.alloc(0)): Promise<void> {
    const { handles, offsets } = this;
    if (bodies.length > 0) await handles.bodies.write(bodies, 0, bodies.length, offsets.bodiesBytes);
    if (verdicts.length > 0)
      await handles.verdicts.write(verdicts, 0, verdicts.length, offsets.verdictsBytes);
    if (evidence.length > 0)
      await handles.evidence.write(evidence, 0, evidence.length, offsets.evidenceBytes);
    this.offsets = {
      verdictsBytes: offsets.verdictsBytes + verdicts.length,
      evidenceBytes: offsets.evidenceBytes + evidence.length,
      bodiesBytes: offsets.bodiesBytes + bodies.length,
    };
  }

  /** Data on disk before the checkpoint says so: a crash of the machine must not leave the checkpoint ahead. */
  async sync(): Promise<void> {
    await Promise.all(ROLES.map((role) => this.handles[role].datasync()));
  }

  async close(): Promise<void> {
    await Promise.all(ROLES.map((role) => this.handles[role].close()));
  }
}

async function openOne(
  role: Role,
  paths: Paths,
  from: FileOffsets | undefined,
  options: { mode: number; finals?: Paths },
): Promise<FileHandle> {
  const path = paths[role];
  const offset = offsetOf(from, role);
  mkdirSync(dirname(path), { recursive: true });
  let handle: FileHandle | undefined;
  if (from === undefined) handle = await createPart(path, options.mode);
  else {
    handle = await reopenPart(path);
    const final = options.finals?.[role];
    if (!handle && final && (await reclaimPlaced(path, final, offset))) handle = await reopenPart(path);
    // A run begun before evidence was compacted has no bodies file: its lines from here on start one.
    if (!handle && role === 'bodies' && offset === 0) handle = await createPart(path, options.mode);
    if (!handle)
      throw new KycError('KYC_ERR_OUTPUT_WRITE', `${path} is gone: the run cannot continue its output`);
  }
  try {
    const { size } = await handle.stat();
    if (size < offset) {
      throw new KycError(
        'KYC_ERR_OUTPUT_WRITE',
        `${path} is shorter (${size} bytes) than its checkpoint (${offset} bytes): it was changed outside the run`,
      );
    }
    await handle.truncate(offset);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/** The digests of the bodies file as far as the checkpoint (already truncated to it). */
async function writtenBodies(handle: FileHandle): Promise<Set<string>> {
  const written = new Set<string>();
  const { size } = await handle.stat();
  if (size === 0) return written;
  const buffer = Buffer.alloc(size);
  await handle.read(buffer, 0, size, 0);
  for (const text of buffer.toString('utf8').split('\n')) {
    if (text === '') continue;
    const body = parseBodyLine(text);
    if (!body)
      throw new KycError('KYC_ERR_OUTPUT_WRITE', 'the evidence bodies file holds a line that is not a body');
    written.add(body.sha256);
  }
  return written;
}
