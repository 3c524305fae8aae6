// The chat widget of SPEC.md §2 and §4 through the real server and engine:
// opening, greeting, sending, disabled states, typing, replies per intent,
// the advisor, agent mode, persistence, keyboard use, both themes.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeBothThemes, company, heading, inBothThemes, launchBrowser, newPage, startServer } from './helpers.mjs';
import { registerClient } from './desk-helpers.mjs';


const failure = 'Désolé, je rencontre des difficultés techniques. Voulez-vous parler avec un agent\u00a0?';
const followUp = /Cliquez sur «\u00a0Parler à un agent\u00a0»/;
/** The phone as the replies write it: its groups never break across lines. */
const shownPhone = company.phone.replaceAll(' ', '\u00a0');

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens a page, then the chat; returns the page's parts of the chat. */
async function openChat(options = {}, path = '/') {
  const { page, context, errors } = await newPage(browser, options);
  await page.goto(server.url + path);
  await heading(page);
  await page.getByRole('button', { name: "Ouvrir l’assistant" }).click();
  const chat = chatParts(page);
  await chat.log.getByText(/Je peux/).waitFor();
  return { page, context, errors, ...chat };
}

function chatParts(page) {
  const panel = page.getByRole('dialog', { name: 'Assistant' });
  return {
    panel,
    log: panel.getByRole('log'),
    input: panel.getByPlaceholder('Tapez votre message…'),
    send: panel.getByRole('button', { name: 'Envoyer' }),
    status: panel.getByRole('status'),
  };
}

/** Sends text with Enter and waits for the API's answer; returns its JSON. */
async function say(page, input, text) {
  const answer = page.waitForResponse((r) => r.url().endsWith('/messages') && r.request().method() === 'POST');
  await input.fill(text);
  await input.press('Enter');
  const res = await answer;
  assert.equal(res.status(), 200, `${text}: ${await res.text()}`);
  const body = await res.json();
  const last = body.messages.at(-1);
  await page.getByRole('log').locator('.chat-message').filter({ hasText: last.text.slice(0, 30) }).last().waitFor();
  return body;
}

/** WCAG contrast ratio of two CSS rgb() colours. */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('chat widget', () => {
  test('opens on the greeting, in the panel of SPEC.md §2, and closes with Escape', async () => {
    const { page, context, errors, panel, log, input, send } = await openChat();
    const launcher = page.getByRole('button', { name: "Fermer l’assistant" });
    assert.equal(await launcher.getAttribute('aria-expanded'), 'true');
    assert.equal(await panel.getByRole('heading', { level: 2 }).innerText(), 'Assistant');
    // Nobody is online here: the header does not say « En ligne » (PRODUCT.md 8).
    await panel.getByText('Assistant automatique • Aucun conseiller en ligne').waitFor();
    assert.equal(await log.getAttribute('aria-live'), 'polite');
    const greeting = await log.locator('.chat-text').first().innerText();
    assert.match(greeting, /^Bonjour\u00a0! Je suis l’assistant virtuel d’Horizon Courtage,/);
    assert.equal((greeting.match(/^• /gm) ?? []).length, 5, 'the list of what the assistant can do');
    assert.match(await log.locator('time').first().innerText(), /^([01]\d|2[0-3]):[0-5]\d$/);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('placeholder')), 'Tapez votre message…');
    assert.equal(await send.isDisabled(), true);
    assert.ok(await page.evaluate(() => localStorage.getItem('chatConversation')?.length === 43));

    await input.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), "Ouvrir l’assistant");
    await page.getByRole('button', { name: "Ouvrir l’assistant" }).click();
    await panel.waitFor();
    await panel.getByRole('button', { name: 'Fermer', exact: true }).click();
    await panel.waitFor({ state: 'hidden' });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a click on the bubble before its code is in is not lost: it opens once the bubble has hydrated', async () => {
    const { page, context, errors } = await newPage(browser, { width: 375, height: 740 });
    // The bubble is an island (lib/island.tsx): its chunk held back two
    // seconds stands for a slow network, so the click lands on it unhydrated.
    let release;
    const held = new Promise((r) => { release = r; });
    await page.route(/\/chat-widget-[^/]*\.js$/, async (route) => { await held; await route.continue(); });
    await page.goto(server.url + '/');
    await heading(page);
    const launcher = page.getByRole('button', { name: "Ouvrir l’assistant" });
    assert.equal(await page.locator('.chat-widget[data-pending]').count(), 1);
    await launcher.click();
    await page.waitForTimeout(300);
    assert.equal(await page.getByRole('dialog', { name: 'Assistant' }).count(), 0);
    release();
    await chatParts(page).log.getByText(/Je peux/).waitFor();
    assert.equal(await page.locator('.chat-widget[data-pending]').count(), 0);
    // Once only: the held click opened it, nothing toggled it shut again.
    assert.equal(await page.getByRole('button', { name: 'Fermer l’assistant' }).count(), 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('Enter sends, Shift+Enter makes a new line, and nothing goes while a reply is pending', async () => {
    const { page, context, errors, log, input, send, status } = await openChat();
    await input.fill('   ');
    assert.equal(await send.isDisabled(), true, 'whitespace only');
    await input.press('Enter');
    assert.equal(await log.locator('.chat-message-user').count(), 0);

    await input.fill('Une question');
    await input.press('Shift+Enter');
    await input.pressSequentially('sur ma voiture');
    assert.equal(await input.inputValue(), 'Une question\nsur ma voiture');
    assert.equal(await log.locator('.chat-message-user').count(), 0);
    assert.equal(await send.isDisabled(), false);

    // Hold the answer to see the pending state.
    let release;
    const held = new Promise((r) => { release = r; });
    await page.route('**/messages', async (route) => { await held; await route.continue(); });
    await input.press('Enter');
    await status.getByText("L’assistant écrit…").waitFor({ state: 'attached' });
    assert.ok(await status.locator('.chat-dots').isVisible(), 'the typing indicator shows');
    assert.equal(await input.isDisabled(), true);
    assert.equal(await send.isDisabled(), true);
    assert.equal(await input.inputValue(), '');
    assert.equal(await log.locator('.chat-message-user').innerText().then((t) => t.includes('Une question\nsur ma voiture')), true);
    release();
    await log.getByRole('link', { name: 'Assurance auto et moto' }).waitFor();
    await page.unroute('**/messages');
    await status.locator('.chat-dots').waitFor({ state: 'detached' });
    assert.equal(await input.isDisabled(), false);
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'TEXTAREA', 'focus comes back to the input');
    for (const t of await log.locator('time').allInnerTexts()) assert.match(t, /^([01]\d|2[0-3]):[0-5]\d$/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a reply per intent family, the context, and the advisor follow-up', async () => {
    const { page, context, errors, log, input } = await openChat();
    const cases = [
      ['Bonjour', 'greeting', /Je suis l’assistant d’Horizon Courtage\./, false],
      ['merci', 'thanks', /Avec plaisir/, false],
      ['Une assurance pour mes voitures ?', 'auto', /2\u00a0minutes/, true],
      ["Et l'assurance habitation d'un appartement ?", 'home', /Locataire ou propriétaire/, true],
      ['MUTUELLE SANTE', 'health', /mutuelle santé complète/, true],
      ['combien ça coûte ?', 'pricing', /Le tarif de votre mutuelle santé/, true],
      ['Votre téléphone ?', 'contact', new RegExp(`${shownPhone}.*${company.email}`, 's'), false],
      ['Je veux parler à un vrai conseiller', 'human_agent', /Bien sûr/, true],
      ["J'ai envie d'un café", 'unknown', /Je ne suis pas sûr de comprendre votre demande/, true],
      ['Au revoir', 'farewell', /Au revoir et à bientôt/, false],
    ];
    for (const [text, intent, reply, advisor] of cases) {
      const body = await say(page, input, text);
      const bot = body.messages.find((m) => m.intent);
      assert.equal(bot.intent, intent, text);
      assert.match(bot.text, reply, text);
      assert.equal(body.messages.some((m) => followUp.test(m.text)), advisor, `${text}: advisor follow-up`);
    }
    assert.ok(await log.getByText(/lundi au vendredi de 9h00\sà 18h00/).first().isVisible());
    assert.equal(await log.getByRole('link', { name: 'Assurance habitation' }).getAttribute('href'), '/insurance/home');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('« Parler à un agent » with nobody online: said plainly, no persona, the assistant stays', async () => {
    const { page, context, errors, panel, log, input } = await openChat();
    await panel.getByText(/^Aucun conseiller disponible pour le moment/).waitFor({ timeout: 10000 });
    await panel.getByRole('button', { name: 'Parler à un agent' }).click();
    await log.getByText(/^Aucun conseiller n.est en ligne pour le moment\./).waitFor();
    assert.ok(await log.getByText(new RegExp(shownPhone)).last().isVisible());
    assert.equal(await log.locator('.chat-message-agent').count(), 0);
    assert.equal(await panel.locator('img').count(), 0);
    assert.doesNotMatch(await panel.innerText(), /Connexion à|En ligne •/);
    await panel.getByRole('group', { name: 'Sans conseiller en ligne' }).waitFor();
    await panel.getByRole('button', { name: "Continuer avec l’assistant" }).click();
    await panel.getByRole('button', { name: 'Parler à un agent' }).waitFor();
    const body = await say(page, input, 'Quels sont vos horaires ?');
    assert.equal(body.messages[1].intent, 'contact');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the conversation survives a page change and a reload', async () => {
    const { page, context, errors, panel, log, input } = await openChat();
    await say(page, input, 'Je cherche une assurance habitation');
    await log.getByRole('link', { name: 'Assurance habitation' }).click();
    await page.waitForURL((u) => u.pathname === '/insurance/home');
    await heading(page, /habitation/i);
    assert.ok(await panel.isVisible(), 'the panel stays open on the new page');
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL((u) => u.pathname === '/contact');
    assert.equal(await log.locator('.chat-message-user').count(), 1);

    await page.reload();
    await heading(page);
    await page.getByRole('button', { name: "Ouvrir l’assistant" }).click();
    await log.getByText('Je cherche une assurance habitation').waitFor();
    // The context came back too: a price question is about home insurance.
    const body = await say(page, chatParts(page).input, 'combien ?');
    assert.match(body.messages[1].text, /assurance habitation/);
    assert.equal(await log.locator('.chat-message').count(), 1 + 3 + 3);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a failed request shows the failure reply of SPEC.md §8', async () => {
    const { page, context, log, input } = await openChat({ allowErrors: true });
    await page.route('**/messages', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"panne"}' }));
    await input.fill('Bonjour');
    await input.press('Enter');
    await log.getByText(failure).waitFor();
    assert.equal(await input.isDisabled(), false);
    await context.close();
  });

  test('greets a signed-in user by name', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(server.url + '/');
    await heading(page);
    await registerClient(page, server.url, 'lea.chat@exemple.fr', 'Léa Martin');
    await page.reload();
    await heading(page);
    await page.getByRole('button', { name: "Ouvrir l’assistant" }).click();
    await page.getByRole('log').getByText(/^Bonjour Léa Martin\u00a0!/).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('keyboard only: reach, open, talk, follow a link, close', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(server.url + '/about');
    await heading(page);
    // The launcher is the last control of the page: Shift+Tab from the top reaches it.
    await page.keyboard.press('Shift+Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), "Ouvrir l’assistant");
    await page.keyboard.press('Enter');
    const { log } = chatParts(page);
    await log.getByText(/Je peux/).waitFor();
    await page.keyboard.type('assurance auto');
    await page.keyboard.press('Enter');
    await log.getByRole('link', { name: 'Assurance auto et moto' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'TEXTAREA');
    // Tab leaves the input for the send button; Shift+Tab back into the log's links.
    await page.keyboard.press('Shift+Tab');
    for (let i = 0; i < 5 && (await page.evaluate(() => document.activeElement?.textContent)) !== 'Assurance auto et moto'; i++) {
      await page.keyboard.press('Shift+Tab');
    }
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Assurance auto et moto');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/insurance/car');
    await page.keyboard.press('Escape');
    await chatParts(page).panel.waitFor({ state: 'hidden' });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), "Ouvrir l’assistant");
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const width of [375, 1280]) {
    test(`fits, reads well and passes axe at ${width} px in both themes`, async () => {
      // bypassCSP lets the test inject axe; the site's own scripts are unchanged.
      const context = await browser.newContext({ viewport: { width, height: width === 375 ? 740 : 900 }, bypassCSP: true, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(server.url + '/');
      await heading(page);
      // Scrolled to the end, the bubble covers none of the footer's words.
      const covered = await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        const bubble = document.querySelector('.chat-launcher').getBoundingClientRect();
        const under = [];
        const walk = document.createTreeWalker(document.querySelector('footer'), NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
          if (!n.textContent.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          for (const r of range.getClientRects()) {
            if (r.right > bubble.left && r.left < bubble.right && r.bottom > bubble.top && r.top < bubble.bottom) under.push(n.textContent.trim());
          }
        }
        return under;
      });
      assert.deepEqual(covered, [], 'words of the footer under the chat bubble');
      await page.getByRole('button', { name: "Ouvrir l’assistant" }).click();
      const { panel, log, input } = chatParts(page);
      await log.getByText(/Je peux/).waitFor();
      await say(page, input, 'Bonjour');
      await say(page, input, 'Une assurance auto ?');
      // Nobody online: the plain statement and the offer, then the callback form in the panel.
      await panel.getByRole('button', { name: 'Parler à un agent' }).click();
      await panel.getByRole('group', { name: 'Sans conseiller en ligne' }).waitFor();
      const runAxe = async () => assert.deepEqual(await axeBothThemes(page, { selector: '#assistant-chat' }), []);
      await runAxe();
      await inBothThemes(page, async (theme) => {
        const offerColours = await page.evaluate(() => ['.chat-offer-dismiss', '.chat-message-system .chat-text'].map((s) => {
          const el = document.querySelector(s);
          let bg = 'rgb(255, 255, 255)';
          for (let e = el; e; e = e.parentElement) {
            const c = getComputedStyle(e).backgroundColor;
            if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') { bg = c; break; }
          }
          return [s, getComputedStyle(el).color, bg];
        }));
        for (const [sel, fg, bgc] of offerColours) assert.ok(contrast(fg, bgc) >= 4.5, `${theme}: ${sel}: ${fg} on ${bgc}`);
      });
      await panel.getByRole('button', { name: 'Être rappelé' }).click();
      const form = panel.getByRole('region', { name: 'Être rappelé par un conseiller' });
      await form.getByLabel('Jour').locator('option').nth(1).waitFor({ state: 'attached' });
      await runAxe();
      const formBox = await form.boundingBox();
      assert.ok(formBox.width <= width && formBox.x >= 0, `form ${JSON.stringify(formBox)}`);
      await form.getByRole('button', { name: 'Retour à la conversation' }).click();
      await log.waitFor();
      const box = await panel.boundingBox();
      assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= (width === 375 ? 740 : 900), `panel ${JSON.stringify(box)}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
      await inBothThemes(page, async (theme) => {
        const pairs = await page.evaluate(() => {
          const bg = (el) => {
            for (let e = el; e; e = e.parentElement) {
              const c = getComputedStyle(e).backgroundColor;
              if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c;
            }
            return 'rgb(255, 255, 255)';
          };
          const q = (s) => document.querySelector(s);
          return ['.chat-heading h2', '.chat-subtitle', '.chat-mode', '.chat-switch', '.chat-message-bot .chat-text', '.chat-message-bot .chat-time',
            '.chat-message-user .chat-text', '.chat-message-user .chat-time', '.chat-launcher', '.chat-send']
            .map((s) => [s, getComputedStyle(q(s)).color, bg(q(s))])
            .concat([['placeholder', getComputedStyle(q('.chat-input'), '::placeholder').color, bg(q('.chat-input'))]]);
        });
        for (const [sel, fg, bgc] of pairs) {
          if (sel === '.chat-send') continue; // disabled while the input is empty: exempt from contrast
          assert.ok(contrast(fg, bgc) >= 4.5, `${theme}: ${sel}: ${fg} on ${bgc} = ${contrast(fg, bgc).toFixed(2)}`);
        }
      });
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
