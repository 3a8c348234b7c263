import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvRow, neutraliseFormula, parseCsv } from '../../../isomorphic/csv.ts';

describe('neutraliseFormula', () => {
  it('prefixes an apostrophe to a cell a spreadsheet would run: =, +, -, @, tab or CR first', () => {
    for (const text of ['=1+1', '+233 20 000 0000', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd']) expect(neutraliseFormula(text)).toBe(`'${text}`);
  });

  it('leaves any other text as it is, including those characters later in the cell', () => {
    for (const text of ['Ama Mensah', 'a=b', 'x+y', "'quoted", '', ' =1', 'GH₵12.50']) expect(neutraliseFormula(text)).toBe(text);
  });
});

describe('csvCell and csvRow', () => {
  it('quotes a cell with a comma, quote or line break, doubling quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('writes null as an empty cell and numbers as numbers (a negative number is data, not a formula)', () => {
    expect(csvRow([null, undefined, 12.5, -3, true])).toBe(',,12.5,-3,true\r\n');
  });

  it('neutralises before quoting, so a quoted formula is neutralised too', () => {
    expect(csvCell('=HYPERLINK("http://evil.test")')).toBe(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });
});

describe('parseCsv', () => {
  it('reads back what csvRow wrote, BOM skipped, cell for cell', () => {
    const rows = [
      ['Reference', 'Name', 'Amount'],
      ['PAY-1', 'Ẹ̀sí "Quoted", Boateng ₵', '12.50'],
      ['PAY-2', 'two\r\nlines', ''],
      ['PAY-3', '=1+1', '0'],
    ];
    const text = CSV_BOM + rows.map((row) => csvRow(row)).join('');
    expect(parseCsv(text)).toEqual([rows[0], rows[1], rows[2], ['PAY-3', "'=1+1", '0']]);
  });

  it('reads a last row without a line ending, and LF-only rows', () => {
    expect(parseCsv('a,b\nc,')).toEqual([
      ['a', 'b'],
      ['c', ''],
    ]);
  });
});
