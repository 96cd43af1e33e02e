import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** sha256 (hex) and size of a file, streamed: inputs and outputs can be gigabytes. */
export async function fileDigest(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}
