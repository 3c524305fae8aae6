import { elide } from './format';

/**
 * « de » before a person's name, the French way: « de Bob », « d’Alice »,
 * « d’Hélène », « d’Yves ». The rule is elide()'s (every h taken as mute:
 * an h aspiré is rare among first names), with the typographic apostrophe.
 */
export function de(name: string): string {
  return elide('de', name).replace(/^(d)'/i, '$1’');
}

/**
 * How staff pages name an account: its display name, or its e-mail when
 * it gave none. An account made without a name holds the part of its
 * e-mail before @ (« x » for x@exemple.fr): that is no name either
 * (account.GivenName on the server).
 */
export function shownName(displayName: string | null | undefined, email: string): string {
  const name = (displayName ?? '').trim();
  if (!name) return email || '';
  const at = email.indexOf('@');
  return at > 0 && name === email.slice(0, at) ? email : name;
}
