import { describe, expect, it } from 'vitest';
import { buildReport } from './report-error';

describe('buildReport', () => {
  const now = new Date('2026-11-22T10:05:00Z');
  it.each([
    [new Error('x is undefined'), 'x is undefined'],
    ['boum', 'boum'],
    [{ weird: true }, 'Erreur inconnue'],
  ])('keeps only a message, the route and the time (%s)', (err, message) => {
    expect(buildReport(err, '/about', now)).toEqual({ message, route: '/about', time: '2026-11-22T10:05:00.000Z' });
  });

  it('cuts long messages', () => {
    expect(buildReport(new Error('a'.repeat(2000)), '/', now).message).toHaveLength(500);
  });
});
