/**
 * The newsroom's main path (issue 15), on a server of its own (accounts are made with the operator
 * command before it starts; the scheduler's clock can be moved, NEWSROOM_TEST_CLOCK=1): sign in (password,
 * then a passkey registered and used through Chromium's virtual authenticator), write a
 * draft with formatting and pasted markup, preview it, schedule it a minute ahead and move the clock, see
 * it on the home page, its category, the sitemap and RSS; a contributor's publish is a 403, an outdated
 * save a 409; the markup never reaches the page as markup; a renamed slug answers 301; the audit log lists
 * every step. axe on the newsroom's pages.
 */
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { expectAxeClean, newsroomServer, signedApi, STAFF_PASSWORD } from './support/newsroom.ts';

test.describe.configure({ mode: 'serial' });

const server = newsroomServer(
  [
    ['alice@piquante.test', 'Alice Admin', 'admin'],
    ['paul@piquante.test', 'Paul Pigiste', 'contributor'],
  ],
  { NEWSROOM_TEST_CLOCK: '1', NEWSROOM_SCHEDULER_SECONDS: '3600', NODE_ENV: 'test' },
);

test('write, preview, schedule, publish, rename, audit: the newsroom’s main path', async ({ page, context }) => {
  test.setTimeout(180_000);
  // WebAuthn needs a domain as relying party (never an IP address): the browser uses localhost.
  const base = server.baseUrl.replace('127.0.0.1', 'localhost');
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const hostile = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';

  // Signed out, /admin leads to the sign-in page, which is not indexed.
  await page.goto(`${base}/admin`);
  // It brings the person back where they were going once signed in.
  await expect(page).toHaveURL(/\/admin\/connexion\?retour=%2Fadmin$/);
  await expect(page.getByRole('heading', { name: 'Connexion à la rédaction' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expectAxeClean(page, 'sign-in');
  await page.getByLabel('Adresse e-mail').fill('alice@piquante.test');
  await page.getByLabel('Mot de passe').fill('pas le bon');
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Adresse e-mail ou mot de passe incorrect.');
  await page.getByLabel('Mot de passe').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Articles' })).toBeVisible();

  // A passkey (Chromium's virtual authenticator), then sign out and back in with it.
  await page.getByRole('link', { name: 'Alice Admin (Administrateur)' }).click();
  await expect(page.getByText('Aucune clé d’accès')).toBeVisible();
  await page.getByLabel('Nom de la clé').fill('Ordinateur de test');
  await page.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
  await expect(page.getByText('Clé d’accès enregistrée.')).toBeVisible();
  await expect(page.getByText('Ordinateur de test')).toBeVisible();
  await expectAxeClean(page, 'account');
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion à la rédaction' })).toBeVisible();
  await page.getByRole('button', { name: 'Se connecter avec une clé d’accès' }).click();
  await expect(page.getByRole('heading', { name: 'Articles' })).toBeVisible();
  await expect(page.getByText(/\d+ articles — 1 à 20/)).toBeVisible();
  await expectAxeClean(page, 'article list');

  // The home page is rendered (and cached) before the article exists.
  const home = await context.newPage();
  await home.goto(`${base}/`);

  // A draft with formatting, and pasted markup typed as text.
  await page.getByRole('link', { name: 'Écrire un article' }).click();
  await expect(page.getByRole('heading', { name: 'Nouvel article' })).toBeVisible();
  await page.getByLabel('Titre', { exact: true }).fill('Le piment d’Espelette conquiert Paris');
  await page.getByLabel('Chapô').fill('Des terrasses aux cuisines étoilées, il pique partout.');
  await page.getByLabel('Rubrique').selectOption('mode');
  await page.getByLabel('Titre SEO').fill('Piment d’Espelette à Paris : la folie');
  await page.getByLabel('Texte alternatif (obligatoire)').fill('Des piments rouges qui sèchent sur une façade basque');
  // The main image goes through the media library (type sniffed, AVIF/WebP variants).
  const png = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: { r: 200, g: 16, b: 46 } } })
    .png()
    .toBuffer();
  await page
    .getByLabel('Téléverser une image (JPEG, PNG, WebP, AVIF)')
    .setInputFiles({ name: 'piments.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Image ajoutée à la médiathèque.')).toBeVisible();
  await page.getByRole('group', { name: 'Image principale' }).getByRole('button', { name: 'Choisir dans la médiathèque' }).click();
  await page
    .getByRole('list', { name: 'Médiathèque' })
    .getByRole('button', { name: 'Des piments rouges qui sèchent sur une façade basque' })
    .click();
  const editor = page.getByRole('textbox', { name: "Texte de l'article" });
  await editor.click();
  await page.keyboard.type('Un condiment ');
  // Keyboard first: Ctrl+B, as in any editor; the toolbar says bold is on.
  await page.keyboard.press('Control+b');
  await expect(page.getByRole('button', { name: 'Gras' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('très piquant');
  await page.keyboard.press('Control+b');
  await expect(page.getByRole('button', { name: 'Gras' })).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.type(` ${hostile}`);
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page).toHaveURL(/\/admin\/articles\/\d+$/);
  await expect(page.getByText('État : Brouillon')).toBeVisible();
  const id = Number(/\/admin\/articles\/(\d+)$/.exec(page.url())?.[1]);
  await expectAxeClean(page, 'editor');

  // The preview renders the real article page for the draft.
  await page.getByRole('button', { name: 'Créer un lien d’aperçu' }).click();
  const previewHref = await page.getByRole('link', { name: 'Ouvrir l’aperçu' }).getAttribute('href');
  expect(previewHref).toMatch(/^\/apercu\//);
  const preview = await context.newPage();
  await preview.goto(`${base}${previewHref}`);
  await expect(preview.getByRole('heading', { level: 1, name: 'Le piment d’Espelette conquiert Paris' })).toBeVisible();
  await expect(preview.getByText('Aperçu — cet article n’est pas publié.')).toBeVisible();
  await expect(preview.locator('.article-body strong')).toHaveText('très piquant');
  await expect(preview.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await preview.close();

  // Not on the site yet.
  expect((await page.request.get(`${base}/api/article/le-piment-d-espelette-conquiert-paris`)).status()).toBe(404);

  // A contributor may not publish it (403, in French); an outdated save is refused (409, naming who saved).
  const paul = await signedApi(server.baseUrl, 'paul@piquante.test');
  // A colleague's draft is not a contributor's to read (IDOR): 403, nothing of it in the answer.
  const peek = await paul.api.get(`/api/admin/articles/${id}`);
  expect(peek.status()).toBe(403);
  expect(await peek.text()).not.toContain('Espelette');
  const article = (await (await (await signedApi(server.baseUrl, 'alice@piquante.test')).api.get(`/api/admin/articles/${id}`)).json()) as {
    version: number;
  };
  const refused = await paul.api.post(`/api/admin/articles/${id}/status`, {
    data: { action: 'publish', version: article.version },
    headers: { 'x-csrf-token': paul.csrf },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toMatch(/Votre rôle \(contributeur\) ne permet pas de publier/);
  const alice = await signedApi(server.baseUrl, 'alice@piquante.test');
  const current = (await (await alice.api.get(`/api/admin/articles/${id}`)).json()) as Record<string, unknown> & { version: number };
  const edit = {
    title: current.title,
    subtitle: current.subtitle,
    categorySlug: current.categorySlug,
    stamp: null,
    mainImage: current.mainImage,
    doc: current.doc,
  };
  expect(
    (
      await alice.api.put(`/api/admin/articles/${id}`, {
        data: { ...edit, version: current.version },
        headers: { 'x-csrf-token': alice.csrf },
      })
    ).status(),
  ).toBe(200);
  const stale = await alice.api.put(`/api/admin/articles/${id}`, {
    data: { ...edit, version: current.version },
    headers: { 'x-csrf-token': alice.csrf },
  });
  expect(stale.status()).toBe(409);
  expect(((await stale.json()) as { message: string }).message).toMatch(/Alice Admin a modifié cet article/);
  // Without the CSRF token, the same write is refused.
  expect((await alice.api.put(`/api/admin/articles/${id}`, { data: { ...edit, version: current.version + 1 } })).status()).toBe(403);

  // Schedule a minute ahead, then move the server's clock past it and run the scheduler.
  await page.reload();
  await expect(page.getByText(/État : Brouillon · version 2/)).toBeVisible();
  // 90 s ahead: the field keeps minutes only, so the time sent is 30 to 90 s in the future (never in the past when
  // the click lands at the end of a minute), and the scheduler's 120 s below always reaches it.
  const inAMinute = new Date(Date.now() + 90_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = `${inAMinute.getFullYear()}-${pad(inAMinute.getMonth() + 1)}-${pad(inAMinute.getDate())}T${pad(inAMinute.getHours())}:${pad(inAMinute.getMinutes())}`;
  await page.getByLabel('Date et heure de publication').fill(local);
  await page.getByRole('button', { name: 'Programmer' }).click();
  await expect(page.getByText('Article programmé.')).toBeVisible();
  await expect(page.getByText(/État : Programmé/)).toBeVisible();
  const ran = await alice.api.post('/api/admin/scheduler/run', { data: { advanceSeconds: 120 }, headers: { 'x-csrf-token': alice.csrf } });
  expect(((await ran.json()) as { published: number[] }).published).toContain(id);

  // On the home page (its cached copy was purged), its category, the sitemap and RSS.
  const slug = 'le-piment-d-espelette-conquiert-paris';
  await home.reload();
  await expect(home.getByRole('link', { name: /Le piment d’Espelette conquiert Paris/ }).first()).toBeVisible();
  await home.goto(`${base}/mode`);
  await expect(home.getByRole('link', { name: /Le piment d’Espelette conquiert Paris/ }).first()).toBeVisible();
  expect(await (await page.request.get(`${base}/sitemap-articles-1.xml`)).text()).toContain(`/mode/${slug}`);
  expect(await (await page.request.get(`${base}/rss.xml`)).text()).toContain(`/mode/${slug}`);
  expect(await (await page.request.get(`${base}/mode/rss.xml`)).text()).toContain(`/mode/${slug}`);

  // The pasted markup is text on the public page: no element, no script run.
  await home.goto(`${base}/mode/${slug}`);
  await expect(home).toHaveTitle(/^Piment d’Espelette à Paris : la folie/);
  const mainImage = home.locator('figure picture img').first();
  await expect(mainImage).toHaveAttribute('alt', 'Des piments rouges qui sèchent sur une façade basque');
  const src = await mainImage.getAttribute('src');
  expect(src).toMatch(/^\/media\/library\/[0-9a-f]{64}-1600\.webp$/);
  const served = await page.request.get(`${base}${src}`);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['cache-control']).toContain('immutable');
  expect(await home.locator('figure picture source[type="image/avif"]').getAttribute('srcset')).toMatch(
    /-480\.avif 480w, .*-1600\.avif 1600w$/,
  );
  await expect(home.locator('.article-body strong')).toHaveText('très piquant');
  await expect(home.locator('.article-body')).toContainText(hostile);
  expect(await home.locator('.article-body script, .article-body img').count()).toBe(0);
  expect(await home.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  const html = await (await page.request.get(`${base}/mode/${slug}`)).text();
  expect(html).not.toContain('<script>window.__pwned');
  expect(html).not.toContain('onerror="window.__pwned');

  // A renamed published slug: the old address answers 301 to the new one.
  await page.reload();
  await expect(page.getByText(/État : Publié/)).toBeVisible();
  await page.getByLabel('Adresse (slug)').fill('piment-espelette-paris');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Enregistré.')).toBeVisible();
  const moved = await page.request.get(`${base}/mode/${slug}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toMatch(/\/mode\/piment-espelette-paris$/);

  // An admin creates an account.
  await page.getByRole('link', { name: 'Comptes' }).click();
  await expect(page.getByRole('heading', { name: 'Comptes', exact: true })).toBeVisible();
  await page.getByLabel('Nom').fill('Inès Invitée');
  await page.getByLabel('Adresse e-mail').fill('ines@piquante.test');
  await page.getByLabel('Rôle').selectOption('author');
  await page.getByLabel('Mot de passe provisoire (12 caractères au moins)').fill('un mot de passe provisoire');
  await page.getByRole('button', { name: 'Créer le compte' }).click();
  await expect(page.getByRole('cell', { name: 'ines@piquante.test' })).toBeVisible();
  await expectAxeClean(page, 'accounts');

  // A category that has articles cannot be deleted (French 409 shown on the page).
  await page.getByRole('link', { name: 'Rubriques' }).click();
  await expect(page.getByRole('heading', { name: 'Rubriques' })).toBeVisible();
  await page.getByRole('button', { name: 'Supprimer Mode' }).click();
  await page
    .getByRole('alertdialog', { name: 'Supprimer la rubrique « Mode » ?' })
    .getByRole('button', { name: 'Supprimer la rubrique' })
    .click();
  await expect(page.getByText(/La rubrique « Mode » contient encore \d+ articles : déplacez-les/)).toBeVisible();
  await expectAxeClean(page, 'categories');

  // Redirects (issue 20): an old address added, answered in one hop, searched, removed.
  await page.getByRole('link', { name: 'Redirections' }).click();
  await expect(page.getByRole('heading', { name: 'Redirections', level: 1 })).toBeVisible();
  await page.getByLabel('Ancienne adresse').fill('https://ancien-site.example/2019/05/vieux-billet/');
  await page.getByLabel('Nouvelle adresse').fill('/mode');
  await page.getByRole('button', { name: 'Ajouter la redirection' }).click();
  await expect(page.getByRole('cell', { name: '/2019/05/vieux-billet', exact: true })).toBeVisible();
  const oldAddress = await page.request.get(`${base}/2019/05/vieux-billet/?utm_source=lettre`, { maxRedirects: 0 });
  expect([oldAddress.status(), oldAddress.headers().location]).toEqual([301, '/mode?utm_source=lettre']);
  await page.getByLabel('Rechercher une adresse').fill('rien-de-tel');
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  await expect(page.getByText('Aucune redirection ne correspond à « rien-de-tel ».')).toBeVisible();
  await expectAxeClean(page, 'redirects, nothing found');
  await page.getByLabel('Rechercher une adresse').fill('vieux');
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  await expect(page.getByRole('cell', { name: 'Rédaction', exact: true })).toBeVisible();
  await expectAxeClean(page, 'redirects');
  await page.getByRole('button', { name: 'Supprimer la redirection de /2019/05/vieux-billet' }).click();
  await page
    .getByRole('alertdialog', { name: 'Supprimer la redirection de /2019/05/vieux-billet ?' })
    .getByRole('button', { name: 'Supprimer la redirection' })
    .click();
  await expect(page.getByText('Redirection supprimée.')).toBeVisible();
  const gone = await page.request.get(`${base}/2019/05/vieux-billet/`, { maxRedirects: 0 });
  expect([gone.status(), gone.headers().location]).toEqual([308, '/2019/05/vieux-billet']);

  // The audit log lists each step.
  await page.getByRole('link', { name: 'Journal' }).click();
  await expect(page.getByRole('heading', { name: 'Journal des écritures' })).toBeVisible();
  for (const action of [
    'session.open',
    'passkey.register',
    'session.close',
    'media.upload',
    'article.create',
    'article.preview-link',
    'article.update',
    'article.schedule',
    'article.publish.scheduled',
    'article.update.slug',
    'staff.create',
    'redirect.save',
    'redirect.delete',
  ]) {
    await expect(page.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
  }
  await expectAxeClean(page, 'audit log');
  await paul.api.dispose();
  await alice.api.dispose();
});
