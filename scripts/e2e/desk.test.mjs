// The staff's half through the real server: an agent and an admin made
// with `courtier users create`, a client's car quote request worked in the
// queue (taken, moved, noted, handed on), the admin's counts and users'
// list, a client kept out of the staff pages and API, and axe WCAG 2.1 AA
// on the new pages at 375 and 1280 px in both themes.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeBothThemes, heading, newPage, useServerAndBrowser } from './helpers.mjs';
import { call, createUser, fileCarQuote, moreQuotes, registerClient, signIn, signInPage, stat } from './desk-helpers.mjs';

const env = useServerAndBrowser();
const agent = 'alain.martin@exemple.fr';
const admin = 'ada.lefevre@exemple.fr';
const client = 'eleonore@exemple.fr';
/** What the scenario leaves for the later tests: the car request. */
const state = { car: null };

/** The open requests of one person in the admin's "Par conseiller" table. */
async function byAgent(page, name) {
  const row = page.locator('.counts-table').filter({ hasText: 'Par conseiller' }).locator('tr', { hasText: name });
  return Number(await row.locator('td').first().innerText());
}

describe('the staff desk', () => {
  test('an agent works a client\'s car quote request; the admin sees the counts change and changes a role', async () => {
    await createUser(env.server.db, agent, 'Alain Martin', 'agent');
    await createUser(env.server.db, admin, 'Ada Lefèvre', 'admin');

    // A first request, then the car quote of Éléonore, filed through the form.
    const { page: cp, context: cc, errors: cerrors } = await newPage(env.browser);
    await registerClient(cp, env.server.url, 'bruno@exemple.fr', 'Bruno Petit');
    assert.equal((await call(cp, 'POST', '/api/quotes', moreQuotes[0])).status, 201);
    await cc.clearCookies();
    await registerClient(cp, env.server.url, client, 'Éléonore Dupont-Aignan');
    await fileCarQuote(cp, env.server.url);

    // The admin's counts before the agent starts.
    const { page: ap, context: ac, errors: aerrors } = await newPage(env.browser);
    await signInPage(env.server.url, ap, admin);
    await ap.getByRole('heading', { name: 'En un coup d’œil' }).waitFor();
    const before = { new: await stat(ap, 'nouvelles'), unassigned: await stat(ap, 'non attribuées'), ada: await byAgent(ap, 'Ada Lefèvre') };
    assert.deepEqual(before, { new: 2, unassigned: 2, ada: 0 });

    // The agent: the queue, nearest deadline first.
    const { page, context, errors } = await newPage(env.browser);
    await signInPage(env.server.url, page, agent);
    const rows = page.locator('.queue-table tbody tr');
    await rows.nth(1).waitFor();
    assert.equal(await page.getByText('En un coup d’œil').count(), 0, 'an agent has no counts');
    // The staff's own frame: their desks, no sales menu, no visitor's chat.
    const desks = page.getByRole('navigation', { name: 'Espace de travail' });
    assert.deepEqual(await desks.getByRole('link').allInnerTexts(), ['Tableau de bord', 'Contrats', 'Conversations', 'Réponses types'], 'an agent has no users nor mails');
    assert.equal(await desks.getByRole('link', { name: 'Tableau de bord' }).getAttribute('aria-current'), 'page');
    assert.equal(await page.getByRole('navigation', { name: 'Navigation principale' }).count(), 0, 'no public menu');
    assert.equal(await page.getByRole('link', { name: 'Carrières' }).count(), 0, 'no Carrières');
    assert.equal(await page.locator('.chat-widget').count(), 0, 'no visitor chat over the work');
    const dues = await page.locator('.queue-table tbody .due-date').evaluateAll((els) => els.map((e) => e.getAttribute('datetime')));
    assert.deepEqual(dues, [...dues].sort(), 'sorted by due date');
    assert.match(await rows.nth(0).innerText(), /Bruno Petit/);
    const carRow = rows.filter({ hasText: 'Éléonore Dupont-Aignan' });
    assert.match(await carRow.innerText(), /DV-\d{4}-000002[\s\S]*Devis[\s\S]*Assurance auto et moto[\s\S]*Nouvelle[\s\S]*Personne/);

    // Filters: mine is empty, a search finds her by name, by phone-free e-mail.
    await page.getByRole('radio', { name: 'Moi' }).check();
    await page.getByText('Aucune demande ne correspond à ces filtres.').waitFor();
    assert.match(page.url(), /assignee=me/);
    await page.getByRole('radio', { name: 'Tous' }).check();
    await page.getByLabel('Rechercher').fill('eleonore@');
    await page.waitForURL((u) => u.searchParams.get('q') === 'eleonore@');
    await page.getByText('1 demande,').waitFor();

    // The request page: take it, move it, note it, hand it to the admin.
    await rows.first().getByRole('link').click();
    await page.waitForURL((u) => u.pathname.startsWith('/dashboard/requests/'));
    const h1 = await heading(page, /DV-\d{4}-000002/);
    state.car = { id: decodeURIComponent(new URL(page.url()).pathname.split('/').pop()), ref: h1.match(/DV-\d{4}-\d{6}/)[0] };
    assert.equal(await page.getByRole('link', { name: client }).getAttribute('href'), `mailto:${client}?subject=${state.car.ref}`);
    assert.equal(await page.getByLabel('Changer le statut').count(), 0, 'no status change before taking it');
    // Taking it starts the work: « Nouvelle » becomes « En cours d’étude ».
    await page.getByRole('button', { name: 'Prendre en charge' }).click();
    await page.getByRole('button', { name: 'Remettre dans la file' }).waitFor();
    await page.locator('.desk-header .status-pill', { hasText: "En cours d’étude" }).waitFor();
    await page.getByRole('button', { name: 'Ajouter la note' }).click();
    await page.getByText('Écrivez la note.').waitFor();
    await page.getByLabel('Nouvelle note').fill('Cliente jointe : elle compare avec son contrat actuel.');
    await page.getByRole('button', { name: 'Ajouter la note' }).click();
    await page.locator('.note-body', { hasText: 'elle compare avec son contrat actuel' }).waitFor();
    assert.equal(await page.getByLabel('Nouvelle note').inputValue(), '', 'the form is emptied');
    await page.getByLabel('Confier à…').selectOption({ label: 'Ada Lefèvre' });
    await page.getByRole('button', { name: 'Confier' }).click();
    await page.locator('.facts', { hasText: 'Suivie par' }).getByText('Ada Lefèvre').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Remettre dans la file' }).count(), 0, 'handed on: the agent no longer holds it');
    const history = await page.locator('.timeline li').allInnerTexts();
    assert.deepEqual(history.map((l) => l.split('\n')[1] ?? l), ['Demande reçue', "Prise en charge · Statut\u00a0: Nouvelle → En cours d’étude", 'Note interne ajoutée', 'Confiée à Ada Lefèvre']);
    assert.match(history[1], /\d{1,2}(er)?\u00a0[a-zéû]+\.? \d{4}, \d{2}:\d{2}[\s\S]*Alain Martin/);

    // The admin's counts follow.
    await ap.reload();
    await ap.getByRole('heading', { name: 'En un coup d’œil' }).waitFor();
    assert.deepEqual({ new: await stat(ap, 'nouvelles'), unassigned: await stat(ap, 'non attribuées'), ada: await byAgent(ap, 'Ada Lefèvre') }, { new: 1, unassigned: 1, ada: 1 });

    // The users' list, from the admin's desks: Bruno becomes an agent, after a confirmation.
    await ap.getByRole('navigation', { name: 'Espace de travail' }).getByRole('link', { name: 'Utilisateurs' }).click();
    await heading(ap, 'Utilisateurs');
    await ap.getByLabel('Rôle de Bruno Petit').selectOption({ label: 'Conseiller' });
    assert.match(await ap.getByRole('group').innerText(), /Donner le rôle «\u00a0Conseiller\u00a0» à Bruno Petit/);
    assert.equal(await ap.evaluate(() => document.activeElement?.textContent), 'Confirmer', 'the focus is on Confirmer');
    await ap.getByRole('button', { name: 'Annuler' }).click();
    assert.equal(await ap.getByLabel('Rôle de Bruno Petit').inputValue(), 'client', 'cancelled: nothing changed');
    await ap.getByLabel('Rôle de Bruno Petit').selectOption({ label: 'Conseiller' });
    await ap.getByRole('button', { name: 'Confirmer' }).click();
    await ap.getByText('Bruno Petit est maintenant conseiller.').waitFor();
    assert.equal(await ap.getByLabel('Rôle de Bruno Petit').inputValue(), 'agent');
    assert.equal(await ap.getByLabel('Rôle d’Ada Lefèvre').isDisabled(), true, 'an admin does not change their own role');
    const users = await call(ap, 'GET', '/api/admin/users');
    assert.equal(users.body.users.find((u) => u.email === 'bruno@exemple.fr').role, 'agent');

    // The search, on the server: by a part of the e-mail.
    await ap.getByLabel('Rechercher un compte').fill('ELEONORE');
    await ap.getByText(/^1\scompte correspond à «\sELEONORE\s»\.$/).waitFor();
    assert.deepEqual(await ap.locator('.users-table tbody .queue-name').allInnerTexts(), ['Éléonore Dupont-Aignan']);
    await ap.getByLabel('Rechercher un compte').fill('');
    await ap.getByText(/^\d+\scomptes\.$/).waitFor();

    // « Créer un compte »: the errors next to the field, then a new agent without a name, mailed a link.
    await ap.getByRole('button', { name: 'Créer un compte' }).click();
    const newEmail = ap.getByLabel('Adresse e-mail');
    await newEmail.fill(agent);
    await ap.getByRole('button', { name: 'Créer le compte' }).click();
    const describedBy = async () => ap.locator(`[id="${await newEmail.getAttribute('aria-describedby')}"]`).innerText();
    await ap.getByText('Un compte existe déjà avec cette adresse e-mail.').waitFor();
    assert.equal(await describedBy(), 'Un compte existe déjà avec cette adresse e-mail.');
    assert.equal(await newEmail.evaluate((el) => el === document.activeElement), true, 'the focus is on the field');
    await newEmail.fill('x@exemple.fr');
    await ap.getByLabel('Rôle', { exact: true }).selectOption({ label: 'Conseiller' });
    await ap.getByRole('button', { name: 'Créer le compte' }).click();
    await ap.getByText(/Le compte x@exemple\.fr est créé avec le rôle «\sConseiller\s»/).waitFor();
    // A nameless account reads as its e-mail, never « x ».
    const nameless = ap.locator('.users-table tbody tr', { hasText: 'x@exemple.fr' });
    await nameless.waitFor();
    assert.equal(await nameless.locator('.queue-name').innerText(), 'x@exemple.fr');
    assert.equal(await ap.getByLabel('Rôle de x@exemple.fr').inputValue(), 'agent');
    const made = (await call(ap, 'GET', '/api/admin/users?q=x%40exemple')).body.users;
    assert.deepEqual(made.map((u) => [u.email, u.role]), [['x@exemple.fr', 'agent']]);

    // The browser logs the refused creation (409) above; nothing else may fail.
    assert.deepEqual([...errors, ...aerrors.filter((e) => !/status of 409 .*\/api\/admin\/users\)$/.test(e)), ...cerrors], []);
    await Promise.all([context.close(), ac.close(), cc.close()]);
  });

  test('a client reads their requests, and cannot reach the staff pages nor the API', async () => {
    assert.ok(state.car, 'the scenario ran');
    const { page, context, errors } = await newPage(env.browser);
    await signIn(page, env.server.url, client);
    await page.goto(env.server.url + '/dashboard');
    const mine = page.locator('.my-request', { hasText: state.car.ref });
    await mine.waitFor();
    // A client's /dashboard is theirs: the public frame, not the staff's.
    await page.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
    assert.equal(await page.getByRole('navigation', { name: 'Espace de travail' }).count(), 0);
    assert.match(await mine.innerText(), /Devis[\s\S]*Assurance auto et moto[\s\S]*En cours d’étude/);
    assert.equal(await mine.getByRole('link', { name: 'Voir ce devis dans Mes devis' }).getAttribute('href'), '/my-quotes');
    assert.doesNotMatch(await page.locator('main').innerText(), /compare avec son contrat|Ada Lefèvre|File des demandes/);
    for (const path of [`/dashboard/requests/${state.car.id}`, '/dashboard/users']) {
      await page.goto(env.server.url + path);
      assert.equal(await heading(page, 'Accès réservé'), 'Accès réservé');
      assert.doesNotMatch(await page.locator('main').innerText(), /Éléonore|DV-/);
    }
    for (const [method, path, body] of [['GET', '/api/desk/requests'], ['GET', `/api/desk/requests/${state.car.id}`], ['POST', `/api/desk/requests/${state.car.id}/take`],
      ['GET', '/api/desk/counts'], ['GET', '/api/admin/users'], ['PUT', '/api/admin/users/x/role', { role: 'admin' }]]) {
      const res = await call(page, method, path, body);
      assert.equal(res.status, 403, `${method} ${path}`);
      assert.match(res.body.error, /réservée/);
    }
    // An agent is kept out of the users' list too.
    await context.clearCookies();
    await signIn(page, env.server.url, agent);
    await page.goto(env.server.url + '/dashboard/users');
    assert.equal(await heading(page, 'Accès réservé'), 'Accès réservé');
    assert.equal((await call(page, 'GET', '/api/admin/users')).status, 403);
    // The browser logs each refused call above; nothing else may fail.
    assert.deepEqual(errors.filter((e) => !/status of 403/.test(e)), []);
    await context.close();
  });
});

describe('accessibility of the staff pages', () => {
  for (const width of [1280, 375]) {
    test(`${width} px, both themes: axe WCAG 2.1 AA, no horizontal scroll`, async () => {
      assert.ok(state.car, 'the scenario ran');
      const context = await env.browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const failures = [];
      for (const [who, paths] of [
        [admin, ['/dashboard', `/dashboard/requests/${state.car.id}`, '/dashboard/users']],
        [agent, ['/dashboard', `/dashboard/requests/${state.car.id}`, '/dashboard/users']],
        [client, ['/dashboard', `/dashboard/requests/${state.car.id}`]],
      ]) {
        await context.clearCookies();
        await signIn(page, env.server.url, who);
        for (const path of paths) {
          await page.goto(env.server.url + path);
          await heading(page);
          await page.waitForLoadState('networkidle');
          const violations = await axeBothThemes(page);
          if (violations.length) failures.push(`${who} ${path}:\n${violations.join('\n')}`);
          if (await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)) {
            failures.push(`${who} ${path}: scrolls sideways`);
          }
        }
      }
      await context.close();
      assert.equal(failures.length, 0, failures.join('\n\n'));
    });
  }
});
