const nbsp = '\u00a0';

/**
 * How long since iso, as the inbox says it: « depuis 3 min », « depuis
 * 2 h 05 », « depuis 3 j »; « depuis moins d'une minute » at first. The
 * number stays with its unit.
 */
export function waitingFor(iso: string, now: number = Date.now()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const minutes = Math.max(0, Math.floor((now - t) / 60000));
  if (minutes < 1) return 'depuis moins d’une minute';
  if (minutes < 60) return `depuis ${minutes}${nbsp}min`;
  if (minutes < 24 * 60) {
    const m = minutes % 60;
    return `depuis ${Math.floor(minutes / 60)}${nbsp}h${m ? `${nbsp}${String(m).padStart(2, '0')}` : ''}`;
  }
  return `depuis ${Math.floor(minutes / 1440)}${nbsp}j`;
}

/** text on one line, cut at a word before max characters with « … » when longer. */
export function elide(text: string, max = 90): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  // One character more than kept: a word that ends right at the limit stays whole.
  const cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  const kept = space > max / 2 ? cut.slice(0, space) : chars.slice(0, max - 1).join('');
  return `${kept.replace(/[\s,;:.!?]+$/, '')}…`;
}
