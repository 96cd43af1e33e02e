import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { KycError, type ErrorCode } from '../errors.js';

/** A file's sha256 (hex) and size: what a run records of its input and checks again on resume. */
export interface FileDigest {
  readonly sha256: string;
  readonly bytes: number;
}

/**
 * sha256 (hex) and size of a file, streamed: inputs and outputs can be gigabytes. With `unreadable`, a file
 * that cannot be read is that error, naming the path (a run's input: KYC_ERR_INPUT_NOT_FOUND).
 */
export async function fileDigest(path: string, unreadable?: ErrorCode): Promise<FileDigest> {
  try {
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of createReadStream(path)) {
      hash.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
    }
    return { sha256: hash.digest('hex'), bytes };
  } catch (error) {
    if (unreadable === undefined) throw error;
    throw new KycError(unreadable, path, { cause: error });
  }
}

/**
 * A pass-through stage that takes the digest of the bytes on their way to a file, so that the file is not
 * read back for it: reading a large upload again costs as much as receiving it. Once the stream has ended,
 * `digest()` is what fileDigest would answer for the file.
 */
export function digestTap(): { readonly stream: Transform; digest(): FileDigest } {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  // A copy: a hash can be finished once only, and a caller may ask before the last byte.
  return { stream, digest: () => ({ sha256: hash.copy().digest('hex'), bytes }) };
}
