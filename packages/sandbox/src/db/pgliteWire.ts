import { protocol, types, type ParserOptions } from '@electric-sql/pglite';

type DatabaseError = InstanceType<typeof protocol.messages.DatabaseError>;

// A prepared statement's run, in PostgreSQL's wire protocol, both ways. PGlite's serializer and
// parser copy every value and field into objects of their own; a run is always bind, execute and
// sync, and its answer a few known messages whose columns the prepare described, so this module
// writes the one and reads the other in a pass each, with PGlite's own type parsers.

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
const utf8Encoder = new TextEncoder();

/** Execute the unnamed portal, every row ('E', length 9, portal '', no row limit), then Sync ('S', length 4). */
const EXECUTE_AND_SYNC = new Uint8Array([0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0x53, 0, 0, 0, 4]);

/**
 * Bind (the named statement, every value as text, every column as text), Execute and Sync in one
 * message, after `before` (a BEGIN) when given; a value is null or its text as PGlite's serializers
 * write it.
 */
export function bindExecuteSync(statement: string, values: readonly (string | null)[], before?: Uint8Array): Uint8Array {
  // Room for the longest UTF-8 the texts can take: three bytes per UTF-16 unit.
  let size = (before?.length ?? 0) + 1 + 4 + 1 + statement.length * 3 + 1 + 2 + 2 + 2 + EXECUTE_AND_SYNC.length;
  for (const value of values) size += 4 + (value === null ? 0 : value.length * 3);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let at = 0;
  if (before) {
    out.set(before);
    at = before.length;
  }
  const start = at;
  out[at] = 0x42; // 'B'; its length is written at the end
  at += 5;
  out[at++] = 0; // the unnamed portal
  at += utf8Encoder.encodeInto(statement, out.subarray(at)).written;
  out[at++] = 0;
  view.setInt16(at, 0); // no parameter format codes: every value is text
  view.setInt16(at + 2, values.length);
  at += 4;
  for (const value of values) {
    if (value === null) {
      view.setInt32(at, -1);
      at += 4;
    } else {
      const { written } = utf8Encoder.encodeInto(value, out.subarray(at + 4));
      view.setInt32(at, written);
      at += 4 + written;
    }
  }
  view.setInt16(at, 0); // no result format codes: every column is text
  at += 2;
  view.setInt32(start + 1, at - start - 1);
  out.set(EXECUTE_AND_SYNC, at);
  return out.subarray(0, at + EXECUTE_AND_SYNC.length);
}

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
