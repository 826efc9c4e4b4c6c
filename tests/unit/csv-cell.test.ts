import { describe, expect, it } from 'vitest';
import { csvCell } from '../../src/core/shared/csv';

describe('a CSV cell', () => {
  it('neutralises what a spreadsheet would run as a formula', () => {
    for (const v of ['=1+1', '+1+1', '-1+1', '@SUM(A1)', '\t=1', '\r=1', '  =cmd|" /C calc"!A0'])
      expect(csvCell(v).replace(/^"/, '').startsWith("'")).toBe(true);
  });
  it('keeps numbers and plain text as they are, quoting per RFC 4180', () => {
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('42')).toBe('42');
    expect(csvCell('Ann')).toBe('Ann');
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell('=x,y')).toBe(`"'=x,y"`);
  });
  it("quotes a cell holding the file's delimiter: semicolons in a semicolon file, commas left bare there", () => {
    expect(csvCell('Street 3; Floor 2', ';')).toBe('"Street 3; Floor 2"');
    expect(csvCell('Smith, Ann', ';')).toBe('Smith, Ann');
    expect(csvCell('Street 3; Floor 2')).toBe('Street 3; Floor 2');
    expect(csvCell('say "hi"', ';')).toBe('"say ""hi"""');
  });
});
