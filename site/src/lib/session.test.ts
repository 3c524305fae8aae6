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
    // Control characters, raw or percent-encoded, after the slash.
    ['/\r\n', '/dashboard'],
    ['/%0d%0a', '/dashboard'],
    ['/%0D%0ASet-Cookie:x', '/dashboard'],
    ['/\t', '/dashboard'],
    ['/%09', '/dashboard'],
    ['/\u0000', '/dashboard'],
    ['/%00', '/dashboard'],
    ['/%7f', '/dashboard'],
    ['/%c2%85', '/dashboard'],
    ['/profile\u0085', '/dashboard'],
    // Another origin hidden behind a backslash, spaces or encoding.
    ['/\\\\evil.example', '/dashboard'],
    ['/%5cevil.example', '/dashboard'],
    ['/%2fevil.example', '/dashboard'],
    ['/%2F%2Fevil.example', '/dashboard'],
    ['/\t/evil.example', '/dashboard'],
    [' /profile', '/dashboard'],
    ['/ profile', '/dashboard'],
    ['https://evil.example/profile', '/dashboard'],
    ['HTTPS://evil.example', '/dashboard'],
    ['%2F%2Fevil.example', '/dashboard'],
    ['', '/dashboard'],
    ['profile', '/dashboard'],
    ['/%', '/dashboard'],
    ['/%ff', '/dashboard'],
    ['/profilé', '/dashboard'],
    // Paths of this site, as requireSession encodes them, are kept.
    ['/', '/'],
    ['/dashboard', '/dashboard'],
    ['/quote-request?product=car', '/quote-request?product=car'],
    ['/my-quotes?q=a%20b#top', '/my-quotes?q=a%20b#top'],
    ['/profile?nom=%C3%A9l%C3%A9onore', '/profile?nom=%C3%A9l%C3%A9onore'],
  ])('safeNext(%s) = %s', (next, want) => {
    expect(safeNext(next)).toBe(want);
  });
});
