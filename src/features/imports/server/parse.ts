import { Readable } from 'node:stream';
import { parse as csvParser, CsvError } from 'csv-parse';
import { FileProblem } from './problems';

/** The longest line (or CSV record) a file may have, in characters. */
export const MAX_LINE = 10 * 1024 * 1024;

/** How a file is read: its format and, for CSV, its delimiter. */
export interface FileShape {
  format: 'csv' | 'json';
  delimiter: string | null;
}

/** One row of a file: where it starts (the file's physical line), its values by column, and the row as it was. */
export interface FileRow {
  line: number;
  values: Record<string, unknown>;
  /** CSV: the cells in order; JSON: the object. */
  raw: unknown;
}

/**
 * The bytes as UTF-8 text, a chunk at a time (a BOM dropped). Refuses text
 * that is not UTF-8, binary data (NUL) and a line longer than MAX_LINE,
 * naming the line.
 */
async function* textOf(body: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  let lineLength = 0;
  const check = (text: string) => {
    let from = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', from)) {
      if (lineLength + nl - from > MAX_LINE) throw new FileProblem('line_too_long', { line });
      line += 1;
      lineLength = 0;
      from = nl + 1;
    }
    lineLength += text.length - from;
    if (lineLength > MAX_LINE) throw new FileProblem('line_too_long', { line });
  };
  const decode = (chunk?: Buffer) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      // The line of the first byte that is not UTF-8.
      const loose = chunk ? new TextDecoder().decode(chunk) : '';
      const at = loose.indexOf('\uFFFD');
      throw new FileProblem('encoding', { line: line + (at > 0 ? loose.slice(0, at).split('\n').length - 1 : 0) });
    }
  };
  for await (const chunk of body) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (bytes.includes(0)) throw new FileProblem('not_text');
    const text = decode(bytes);
    check(text);
    if (text) yield text;
  }
  const end = decode();
  check(end);
  if (end) yield end;
}

/** The first text chunk(s) looked at, then handed on unchanged. */
async function peek(texts: AsyncGenerator<string>): Promise<{ head: string; all: AsyncGenerator<string> }> {
  const seen: string[] = [];
  let head = '';
  while (!/\S/.test(head) || (!head.includes('\n') && head.length < 65536)) {
    const next = await texts.next();
    if (next.done) break;
    seen.push(next.value);
    head += next.value;
  }
  async function* all() {
    yield* seen;
    yield* texts;
  }
  return { head, all: all() };
}

/**
 * Where a CSV record ends: any line break, in any mix. csv-parse left to
 * itself takes the first line's break for the whole file, and a file pasted
 * together from Windows and Unix parts then read a LF-ended line into the
 * next record's cell. CRLF first, so that it is one break, not two.
 */
const LINE_BREAKS = ['\r\n', '\n', '\r'];
/** One of LINE_BREAKS, for counting the lines a quoted cell spans. */
const LINE_BREAK = /\r\n|\n|\r/;

/** The shape of a file from its first text: JSON when it starts with `[` or `{`, else CSV split by `;` or `,`, whichever its first line has more of. */
function shapeOf(head: string): FileShape {
  const start = head.trimStart()[0];
  if (start === '[' || start === '{') return { format: 'json', delimiter: null };
  const first = head.split(LINE_BREAK)[0].replace(/"[^"]*"/g, '');
  const semicolons = first.split(';').length;
  const commas = first.split(',').length;
  return { format: 'csv', delimiter: semicolons > commas ? ';' : ',' };
}

/** CSV records as rows named by the first line (the header), each with the line it starts on. */
async function* csvRows(texts: AsyncIterable<string>, delimiter: string, onColumns: (c: string[]) => void): AsyncGenerator<FileRow> {
  // Records as plain arrays (csv-parse's `info` made four objects a record) and empty lines as records of one
  // empty cell, skipped here (a line holding only `""` reads the same: it is skipped too, an empty row); the
  // column count is checked here too, at the line the record starts on.
  const parser = csvParser({ delimiter, record_delimiter: LINE_BREAKS, relax_column_count: true, max_record_size: MAX_LINE });
  const input = Readable.from(texts);
  input.on('error', (err) => parser.destroy(err));
  input.pipe(parser);
  let columns: string[] | null = null;
  // Lines are counted here: a record starts on the line after the last one and spans one more line for each
  // line break inside its quoted fields (csv-parse's own count takes a quoted CRLF for two).
  let end = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      const start = end + 1;
      end = start;
      for (const cell of record) if (cell.includes('\n') || cell.includes('\r')) end += cell.split(LINE_BREAK).length - 1;
      if (record.length === 1 && record[0] === '') continue;
      if (!columns) {
        columns = record.map((c) => c.trim());
        onColumns(columns);
        continue;
      }
      if (record.length !== columns.length)
        throw new FileProblem('column_count', { line: start, got: record.length, expected: columns.length });
      const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      for (let i = 0; i < columns.length; i++) values[columns[i]] = record[i];
      yield { line: start, values, raw: record };
    }
  } catch (err) {
    if (err instanceof FileProblem) throw err;
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines ?? end + 1;
      if (err.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH') {
        const e = err as CsvError & { record?: unknown[] };
        throw new FileProblem('column_count', { line, got: e.record?.length ?? '?', expected: columns?.length ?? '?' });
      }
      if (err.code === 'CSV_MAX_RECORD_SIZE') throw new FileProblem('line_too_long', { line });
      throw new FileProblem('csv', { line, reason: err.message.replace(/^Invalid \w+:\s*/, '') });
    }
    throw err;
  }
}

/** Parses one JSON value that must be an object (a row). */
function objectAt(text: string, line: number): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new FileProblem('json', { line });
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new FileProblem('json_row', { line });
  return value as Record<string, unknown>;
}

/**
 * JSON rows: the elements of one top-level array, or one object per line.
 * The array is scanned by hand (strings, escapes, nesting) so each element
 * is parsed alone with JSON.parse, and its starting line is known: memory
 * holds one element at a time.
 */
async function* jsonRows(texts: AsyncIterable<string>): AsyncGenerator<FileRow> {
  let line = 1;
  let mode: 'start' | 'array' | 'lines' | 'after' = 'start';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let buf = '';
  let startLine = 0;
  let expectComma = false;
  for await (const text of texts) {
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (mode === 'lines') {
        if (ch === '\n') {
          if (buf.trim()) yield { line: startLine, values: objectAt(buf, startLine), raw: null };
          buf = '';
          line += 1;
          startLine = line;
        } else buf += ch;
        continue;
      }
      if (depth === 0) {
        if (ch === '\n') line += 1;
        if (/\s/.test(ch)) continue;
        if (mode === 'start') {
          if (ch === '[') mode = 'array';
          else if (ch === '{') {
            mode = 'lines';
            startLine = line;
            buf = ch;
          } else throw new FileProblem('json', { line });
          continue;
        }
        if (mode === 'after') throw new FileProblem('json', { line });
        // In the array, between elements.
        if (ch === ']') {
          mode = 'after';
          continue;
        }
        if (expectComma) {
          if (ch !== ',') throw new FileProblem('json', { line });
          expectComma = false;
          continue;
        }
        if (ch !== '{') throw new FileProblem('json_row', { line });
        startLine = line;
        depth = 1;
        buf = ch;
        continue;
      }
      buf += ch;
      if (ch === '\n') line += 1;
      if (inString) {
        if (escaped) escaped = false;
        else if (ch === '\\') escaped = true;
        else if (ch === '"') inString = false;
      } else if (ch === '"') inString = true;
      else if (ch === '{' || ch === '[') depth += 1;
      else if (ch === '}' || ch === ']') {
        depth -= 1;
        if (depth === 0) {
          yield { line: startLine, values: objectAt(buf, startLine), raw: null };
          buf = '';
          expectComma = true;
        }
      }
    }
  }
  if (mode === 'lines' && buf.trim()) yield { line: startLine, values: objectAt(buf, startLine), raw: null };
  if (mode === 'array' || depth > 0) throw new FileProblem('json', { line });
}

/** A JSON row's raw form is its own object (kept as it was). */
const withRaw = (row: FileRow): FileRow => (row.raw === null ? { ...row, raw: row.values } : row);

/**
 * Reads a file's rows as they stream: its shape found from its first text
 * (or the one given), columns reported once known (CSV: the first line;
 * JSON: every object's keys, as met). Throws a FileProblem naming the line
 * where the file is not what it should be.
 */
export async function readFile(
  body: AsyncIterable<Buffer | string>,
  given?: FileShape,
): Promise<{ shape: FileShape; rows: AsyncGenerator<FileRow>; columns: () => string[] }> {
  const { head, all } = await peek(textOf(body));
  if (!/\S/.test(head)) throw new FileProblem('empty');
  const shape = given ?? shapeOf(head);
  const seen = new Set<string>();
  let csvColumns: string[] = [];
  async function* rows(): AsyncGenerator<FileRow> {
    if (shape.format === 'csv') {
      yield* csvRows(all, shape.delimiter ?? ',', (c) => (csvColumns = c));
      return;
    }
    for await (const row of jsonRows(all)) {
      for (const k of Object.keys(row.values)) if (seen.size < 1000) seen.add(k);
      yield withRaw(row);
    }
  }
  return { shape, rows: rows(), columns: () => (shape.format === 'csv' ? csvColumns : [...seen]) };
}
