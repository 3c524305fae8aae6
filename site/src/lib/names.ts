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
