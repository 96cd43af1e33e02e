import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { KycError } from '../../errors.js';

/**
 * The parts of a workbook, read from its ZIP directory. Entries are found by name and read one at a time;
 * the sheet is streamed, the small parts (workbook, relationships, styles, shared strings) are read whole
 * up to a limit, so that a ZIP bomb ends in an error instead of filling memory.
 */
export interface ZipArchive {
  readonly names: ReadonlySet<string>;
  /** Uncompressed size of an entry, by name. */
  size(name: string): number;
  read(name: string, maxBytes: number): Promise<Buffer>;
  stream(name: string): Promise<Readable>;
  close(): void;
}

/** A part that inflates past its limit: named with the setting that raises it. */
export function inflatedTooLarge(part: string, maxBytes: number, setting: string): KycError {
  return new KycError(
    'KYC_ERR_INPUT_XLSX',
    `part ${part} inflates to more than ${maxBytes} bytes (${setting}); a workbook this large is refused ` +
      'rather than read: export the sheet as CSV, or split the workbook',
  );
}

function broken(path: string, cause: unknown): KycError {
  return new KycError('KYC_ERR_INPUT_XLSX', `${path}: not a readable Excel workbook (ZIP damaged)`, {
    cause,
  });
}

/** From the descriptor the caller opened (and checked to be a regular file): the name is not looked up again. */
function openZip(path: string, fd: number): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromFd(fd, { lazyEntries: true, autoClose: false, strictFileNames: false }, (error, zip) => {
      if (error) reject(broken(path, error));
      else resolve(zip);
    });
  });
}

function listEntries(path: string, zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>();
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: unknown) => reject(broken(path, error)));
    zip.readEntry();
  });
}

/** The archive on an open descriptor; closing the archive leaves the descriptor to its owner. */
export async function openZipArchive(path: string, fd: number): Promise<ZipArchive> {
  const zip = await openZip(path, fd);
  const entries = await listEntries(path, zip).catch((error: unknown) => {
    zip.close();
    throw error;
  });
  const entryOf = (name: string): yauzl.Entry => {
    const entry = entries.get(name);
    if (!entry) throw new KycError('KYC_ERR_INPUT_XLSX', `${path}: the workbook has no part ${name}`);
    return entry;
  };
  const stream = (name: string): Promise<Readable> =>
    new Promise((resolve, reject) => {
      zip.openReadStream(entryOf(name), (error, readable) => {
        if (error) reject(broken(path, error));
        else resolve(readable);
      });
    });
  return {
    names: new Set(entries.keys()),
    size: (name) => entryOf(name).uncompressedSize,
    stream,
    async read(name, maxBytes) {
      if (entryOf(name).uncompressedSize > maxBytes)
        throw new KycError('KYC_ERR_INPUT_XLSX', `${path}: part ${name} is over ${maxBytes} bytes`);
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of await stream(name)) {
        total += (chunk as Buffer).length;
        // The directory's size can lie: the bytes inflated are what counts.
        if (total > maxBytes)
          throw new KycError('KYC_ERR_INPUT_XLSX', `${path}: part ${name} is over ${maxBytes} bytes`);
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks);
    },
    close: () => zip.close(),
  };
}
