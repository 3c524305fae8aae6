// The outbox as the browser tests read it: with the binary, as an operator
// does (`courtier mail list --json` and `mail show ID --json`).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../../bin/courtier', import.meta.url));

/**
 * The newest mail of template to email in db's outbox, waited for (the
 * dispatcher runs after commit); with match, the newest of those whose
 * listed fields (subject…) it accepts.
 */
export async function mailTo(db, email, template, match = () => true) {
  const deadline = Date.now() + 10000;
  for (;;) {
    const list = JSON.parse(execFileSync(bin, ['mail', 'list', '--json', '--db', db], { encoding: 'utf8' }));
    const found = list.find((m) => m.to === email && m.template === template && match(m));
    if (found) return JSON.parse(execFileSync(bin, ['mail', 'show', String(found.id), '--json', '--db', db], { encoding: 'utf8' }));
    if (Date.now() > deadline) throw new Error(`aucun mail ${template} pour ${email} : ${JSON.stringify(list.slice(0, 5))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
