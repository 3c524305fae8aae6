import { describe, expect, it } from 'vitest';
import typesetTable from '../../../pkg/chatbot/testdata/typeset.json';
import elideTable from '../../../pkg/company/testdata/elide.json';
import { elide, formatDate, formatDateTime, typeset, typesetAll } from './format';

describe('formatDate', () => {
  it.each([
    ['2026-11-22', '22\u00a0novembre 2026'],
    ['2024-02-29', '29\u00a0février 2024'],
    ['2025-08-15', '15\u00a0août 2025'],
    ['2026-12-31', '31\u00a0décembre 2026'],
    ['2025-01-01', '1er\u00a0janvier 2025'],
    ['2024-10-10', '10\u00a0octobre 2024'],
  ])('formats the calendar date %s as %j, the day kept with its month', (iso, expected) => {
    expect(formatDate(iso)).toBe(expected);
  });

  it('formats a timestamp in the Paris time zone', () => {
    // 23:30 UTC on 31 December is already 1 January in Paris.
    expect(formatDate('2025-12-31T23:30:00Z')).toBe('1er\u00a0janvier 2026');
    expect(formatDate('2026-06-15T10:00:00+02:00')).toBe('15\u00a0juin 2026');
  });

  it('rejects an invalid date', () => {
    expect(() => formatDate('pas une date')).toThrow(RangeError);
    expect(() => formatDate('')).toThrow(RangeError);
  });
});

describe('formatDateTime', () => {
  it('formats a timestamp with a 24-hour time in the Paris time zone', () => {
    expect(formatDateTime('2026-11-22T13:05:00Z')).toBe('22\u00a0novembre 2026\u00a0à\u00a014:05');
    expect(formatDateTime('2026-07-01T21:30:00Z')).toBe('1er\u00a0juillet 2026\u00a0à\u00a023:30');
  });

  it('rejects an invalid date', () => {
    expect(() => formatDateTime('2026-13-45T99:00:00Z')).toThrow(RangeError);
  });
});

/** A table of pkg/…/testdata, shared with the Go twin's test. */
function goTable<T>(table: { cases: unknown[] }): T[] {
  if (table.cases.length < 10) throw new Error(`only ${table.cases.length} cases`);
  return table.cases as T[];
}

describe('typeset', () => {
  it.each(goTable<[string, string]>(typesetTable))('typesets %j as chatbot.Typeset does', (text, want) => {
    expect(typeset(text)).toBe(want);
    expect(typeset(want)).toBe(want);
  });

  it('typesets every string of a value, nothing else', () => {
    const profile = { phone: '01 99 00 42 42', hours: { weekdays: '9h00 - 18h00' }, founded: 2024, open: true, path: '/insurance/car', tags: ['0 km'] };
    expect(typesetAll(profile)).toEqual({
      phone: '01\u00a099\u00a000\u00a042\u00a042', hours: { weekdays: '9h00\u00a0–\u00a018h00' }, founded: 2024, open: true, path: '/insurance/car', tags: ['0\u00a0km'],
    });
  });
});

describe('elide', () => {
  it.each(goTable<[string, string, string]>(elideTable))('elide(%j, %j) is %j as in company.Elide', (word, name, want) => {
    expect(elide(word, name)).toBe(want);
  });
});
