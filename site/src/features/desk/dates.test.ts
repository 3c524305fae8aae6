import { describe, expect, it } from 'vitest';
import { relativeTime, shortDateTime } from './dates';

const nbsp = '\u00a0';

describe('shortDateTime', () => {
  it.each([
    ['2026-11-23T13:05:00.000Z', `23${nbsp}nov. 2026, 14:05`],
    // Summer time: UTC+2.
    ['2026-07-14T07:30:00.000Z', `14${nbsp}juil. 2026, 09:30`],
    // 23:30 UTC on 31 December is already the new year in Paris.
    ['2026-12-31T23:30:00.000Z', `1${nbsp}janv. 2027, 00:30`],
  ])('%s is %s', (iso, want) => {
    expect(shortDateTime(iso)).toBe(want);
  });

  it('is empty for a date it cannot read', () => {
    expect(shortDateTime('hier')).toBe('');
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-03-10T09:00:00.000Z');
  it.each([
    ['2026-03-10T12:00:00.000Z', `dans 3${nbsp}h`],
    ['2026-03-10T09:45:00.000Z', `dans 45${nbsp}min`],
    ['2026-03-10T08:58:00.000Z', `il y a 2${nbsp}min`],
    ['2026-03-10T09:00:20.000Z', 'à l’instant'],
    ['2026-03-08T09:00:00.000Z', `il y a 2${nbsp}j`],
    ['2026-03-11T09:00:00.000Z', `dans 24${nbsp}h`],
    ['2026-03-15T09:00:00.000Z', `dans 5${nbsp}j`],
  ])('%s is %s', (iso, want) => {
    expect(relativeTime(iso, now)).toBe(want);
  });
});
