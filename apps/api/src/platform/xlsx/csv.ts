import { StringDecoder } from 'node:string_decoder';

/** Bytes decoded at a time. */
const SLICE = 64 * 1024;

/**
 * The records of CSV text (RFC 4180: fields in double quotes may hold commas, line breaks and doubled
 * quotes), read slice by slice from the upload so only the current record is built. A UTF-8 byte order
 * mark is dropped; so is the CR of CRLF line ends.
 */
export function* csvRecords(buffer: Buffer): Generator<string[]> {
  const decoder = new StringDecoder('utf8');
  let record: string[] = [];
  let field = '';
  let quoted = false;
  /** A quote met inside a quoted field: a doubled quote if the next character is one, else the field's end. */
  let quoteEnds = false;
  let first = true;
  for (let at = 0; at <= buffer.length; at += SLICE) {
    let text = at < buffer.length ? decoder.write(buffer.subarray(at, at + SLICE)) : decoder.end();
    if (first && text.length > 0) {
      text = text.replace(/^\uFEFF/, '');
      first = false;
    }
    for (const c of text) {
      if (quoteEnds) {
        quoteEnds = false;
        if (c === '"') {
          field += c;
          continue;
        }
        quoted = false;
      }
      if (quoted) {
        if (c === '"') quoteEnds = true;
        else field += c;
      } else if (c === '"' && field === '') quoted = true;
      else if (c === ',') {
        record.push(field);
        field = '';
      } else if (c === '\n') {
        record.push(field);
        yield record;
        record = [];
        field = '';
      } else if (c !== '\r') field += c;
    }
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    yield record;
  }
}
