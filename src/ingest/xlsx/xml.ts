import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { KycError } from '../../errors.js';

/** What a part's reader does with its elements; names come without their namespace prefix (`x:row` → `row`). */
export interface XmlHandlers {
  open?(name: string, attributes: Readonly<Record<string, string>>): void;
  close?(name: string): void;
  text?(text: string): void;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** Attributes by local name too, so `r:id` is found as `id` whatever the prefix the writer chose. */
function attributesOf(tag: SaxesTagPlain): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(tag.attributes)) out[localName(name)] = value;
  return out;
}

/**
 * A streaming XML reader over the handlers; write text in pieces, then end. The parser holds a text node,
 * comment or tag whole until it ends: past `maxSpan` characters written without a tag opening or closing,
 * the part is refused, so that one runaway token of a small file cannot take the memory.
 */
export function xmlReader(
  part: string,
  handlers: XmlHandlers,
  maxSpan = Number.POSITIVE_INFINITY,
): { write(text: string): void; end(): void } {
  const parser = new SaxesParser();
  let span = 0;
  parser.on('opentag', (tag) => {
    span = 0;
    handlers.open?.(localName(tag.name), attributesOf(tag));
  });
  parser.on('closetag', (tag) => {
    span = 0;
    handlers.close?.(localName(tag.name));
  });
  parser.on('text', (text) => handlers.text?.(text));
  parser.on('cdata', (text) => handlers.text?.(text));
  const fail = (error: unknown): never => {
    // A handler's own refusal (a cell past XFD) is what the user must read, not "not well-formed".
    if (error instanceof KycError) throw error;
    throw new KycError('KYC_ERR_INPUT_XLSX', `part ${part} is not well-formed XML`, { cause: error });
  };
  return {
    write(text) {
      span += text.length;
      try {
        parser.write(text);
      } catch (error) {
        fail(error);
      }
      if (span > maxSpan)
        throw new KycError(
          'KYC_ERR_INPUT_XLSX',
          `part ${part} holds more than ${maxSpan} characters of text or markup between two tags`,
        );
    },
    end() {
      try {
        parser.close();
      } catch (error) {
        fail(error);
      }
    },
  };
}

export function readXml(part: string, text: string, handlers: XmlHandlers): void {
  const reader = xmlReader(part, handlers);
  reader.write(text);
  reader.end();
}

/** OOXML writes characters XML cannot hold as `_xHHHH_` (a carriage return is `_x000D_`). */
export function unescapeOoxml(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/gu, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
