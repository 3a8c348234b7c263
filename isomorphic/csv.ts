// CSV as spreadsheet programs read it (RFC 4180 quoting, CRLF rows, a UTF-8 byte order mark so Excel reads "GH₵"),
// with cells that a spreadsheet would run as a formula neutralised.

/** The UTF-8 byte order mark that opens the file. */
export const CSV_BOM = '\uFEFF';

// A spreadsheet reads a cell starting with one of these as a formula (or, for tab and CR, after trimming them).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell that a spreadsheet would evaluate (it starts with =, +, -, @, tab or CR) prefixed with an apostrophe, which
 * spreadsheets show as text; any other cell as it is (OWASP's CSV injection advice).
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: neutralised, then quoted when it holds a comma, quote or line break (quotes doubled); null is empty. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  // Numbers the writer itself produced (amounts, counts) are data, not text someone typed: a negative stays a number.
  // Neither a number's nor a boolean's text holds a comma, a quote or a line break.
  if (typeof value !== 'string') return String(value);
  const text = neutraliseFormula(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row with its CRLF ending. */
export function csvRow(values: readonly (string | number | boolean | null | undefined)[]): string {
  // Concatenated in a loop rather than map().join(): an export writes a million rows, and this skips two arrays a row.
  let row = values.length > 0 ? csvCell(values[0]) : '';
  for (let index = 1; index < values.length; index++) row += `,${csvCell(values[index])}`;
  return `${row}\r\n`;
}

/** Parses CSV text as csvRow writes it (quoted cells, doubled quotes, CRLF or LF rows) into rows of cells; a BOM is skipped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let index = text.startsWith(CSV_BOM) ? 1 : 0;
  for (; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || (char === '\r' && text[index + 1] === '\n')) {
      if (char === '\r') index++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
