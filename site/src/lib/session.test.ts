import { describe, expect, it } from 'vitest';
import { safeNext } from './session';

describe('safeNext', () => {
  it.each([
    [null, '/dashboard'],
    ['/profile', '/profile'],
    ['/my-quotes?page=2', '/my-quotes?page=2'],
    ['https://evil.example/', '/dashboard'],
    ['//evil.example', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
  ])('safeNext(%s) = %s', (next, want) => {
    expect(safeNext(next)).toBe(want);
  });
});
