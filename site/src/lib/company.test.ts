import { describe, expect, it } from 'vitest';
import data from '../../../pkg/company/company.json';
import { answerDelays, formatDelay, type DelayUnit } from './company';

describe('formatDelay', () => {
  it.each<[number, DelayUnit, string]>([
    [24, 'workingHours', '24\u00a0heures ouvrées'],
    [1, 'workingHours', '1\u00a0heure ouvrée'],
    [2, 'workingDays', '2\u00a0jours ouvrés'],
    [1, 'workingDays', '1\u00a0jour ouvré'],
    [10, 'businessDays', '10\u00a0jours ouvrables'],
    [1, 'businessDays', '1\u00a0jour ouvrable'],
    [2, 'months', '2\u00a0mois'],
    [1, 'months', '1\u00a0mois'],
  ])('writes %d %s as %j, the number kept with its unit', (amount, unit, want) => {
    expect(formatDelay(amount, unit)).toBe(want);
  });

  it('writes a promise with "sous"', () => {
    expect(formatDelay(24, 'workingHours', { within: true })).toBe('sous 24\u00a0heures ouvrées');
    expect(formatDelay(2, 'workingDays', { within: true })).toBe('sous 2\u00a0jours ouvrés');
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d', (amount) => {
    expect(() => formatDelay(amount, 'months')).toThrow(RangeError);
  });
});

describe('answerDelays', () => {
  it('reads every delay from the profile', () => {
    expect(answerDelays).toEqual({
      quote: `sous ${data.answerDelays.quoteWorkingHours}\u00a0heures ouvrées`,
      callback: `sous ${data.answerDelays.callbackWorkingHours}\u00a0heures ouvrées`,
      contact: `sous ${data.answerDelays.contactWorkingDays}\u00a0jours ouvrés`,
      complaintAcknowledge: `${data.complaints.acknowledgeDays}\u00a0jours ouvrables`,
      complaintAnswer: `${data.complaints.answerMonths}\u00a0mois`,
    });
  });
});
