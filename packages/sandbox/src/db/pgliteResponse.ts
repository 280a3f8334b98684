import { protocol, types, type ParserOptions } from '@electric-sql/pglite';

type DatabaseError = InstanceType<typeof protocol.messages.DatabaseError>;

// PGlite reads every answer of the database through its protocol parser, which makes an object
// per message and copies each field of each row into a buffer of its own before the rows are
// built from those objects: about a tenth of a card payment's CPU on PGlite. A prepared statement's
// answer is a short run of known messages, and its columns are known from its prepare, so this
// module reads the answer's bytes once, straight into rows, with the same type parsers.

/** A column of a statement's rows, as its prepare described it. */
export interface Column {
  name: string;
  dataTypeID: number;
}

/** A NOTIFY the answer carried (this session's own, sent after the statement's commit). */
export interface Notification {
  channel: string;
  payload: string;
}

export interface StatementAnswer<Row> {
  /** The rows of the last statement that completed in the answer (a BEGIN before it has none). */
  rows: Row[];
  /** The first error, with every field PGlite's own parser gives it (code, detail, constraint ...). */
  error: DatabaseError | undefined;
  notifications: Notification[];
}

/** Backend message types (PostgreSQL protocol 3.0) this reader acts on; the others are skipped. */
const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
const ERROR_RESPONSE = 0x45; // 'E'
const NOTIFICATION_RESPONSE = 0x41; // 'A'

const utf8 = new TextDecoder();

/** The error fields' one-letter codes and the DatabaseError properties PGlite's parser fills from them. */
const ERROR_FIELDS: Record<string, string> = {
  S: 'severity', C: 'code', D: 'detail', H: 'hint', P: 'position', p: 'internalPosition', q: 'internalQuery', W: 'where',
  s: 'schema', t: 'table', c: 'column', d: 'dataType', n: 'constraint', F: 'file', L: 'line', R: 'routine',
};

/**
 * Reads a statement's answer (bind, execute and sync, with a BEGIN before them at times) into its
 * rows, keyed by `columns` and each value parsed by `parsers` for its type, as PGlite's
 * parseResults does; the first error, as PGlite's parser makes it; and the notifications.
 */
export function readStatementAnswer<Row>(
  bytes: Uint8Array,
  columns: readonly Column[] | undefined,
  parsers: ParserOptions,
): StatementAnswer<Row> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const cstring = (from: number): [string, number] => {
    const end = bytes.indexOf(0, from);
    const stop = end < 0 ? bytes.length : end;
    return [utf8.decode(bytes.subarray(from, stop)), stop + 1];
  };
  let rows: Row[] = [];
  let current: Row[] = [];
  let error: DatabaseError | undefined;
  const notifications: Notification[] = [];
  let at = 0;
  while (at + 5 <= bytes.length) {
    const type = bytes[at] as number;
    const length = view.getInt32(at + 1);
    const body = at + 5;
    const next = at + 1 + length;
    if (length < 4 || next > bytes.length) throw new Error(`PGlite answered a truncated message (${String.fromCharCode(type)})`);
    if (type === DATA_ROW) {
      const count = view.getInt16(body);
      let field = body + 2;
      const row: Record<string, unknown> = {};
      for (let i = 0; i < count; i++) {
        const size = view.getInt32(field);
        field += 4;
        const column = columns?.[i];
        if (!column) throw new Error('PGlite answered a row for a statement whose columns are not known');
        const value = size < 0 ? null : types.parseType(utf8.decode(bytes.subarray(field, field + size)), column.dataTypeID, parsers);
        if (size > 0) field += size;
        // A column named __proto__ is a key, as in PGlite's Object.fromEntries, not the row's prototype.
        if (column.name === '__proto__') Object.defineProperty(row, column.name, { value, enumerable: true, writable: true, configurable: true });
        else row[column.name] = value;
      }
      current.push(row as Row);
    } else if (type === COMMAND_COMPLETE) {
      rows = current;
      current = [];
    } else if (type === ERROR_RESPONSE && error === undefined) {
      const fields: Record<string, string> = {};
      let field = body;
      while (field < next && bytes[field] !== 0) {
        const code = String.fromCharCode(bytes[field] as number);
        const [value, after] = cstring(field + 1);
        fields[code] = value;
        field = after;
      }
      error = new protocol.messages.DatabaseError(fields.M ?? '', length, 'error');
      for (const [code, property] of Object.entries(ERROR_FIELDS)) (error as unknown as Record<string, unknown>)[property] = fields[code];
    } else if (type === NOTIFICATION_RESPONSE) {
      const [channel, afterChannel] = cstring(body + 4);
      const [payload] = cstring(afterChannel);
      notifications.push({ channel, payload });
    }
    at = next;
  }
  if (at !== bytes.length) throw new Error('PGlite answered a truncated message');
  return { rows, error, notifications };
}
