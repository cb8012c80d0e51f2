/**
 * The editorial workflow's common rules, asserted once for every format from its declaration and a small
 * fixture: a session, the CSRF token and the site's own Origin on every write; a contributor's drafts but no
 * publishing, a French 404 and a 400 on a bad id, the contributor's list; a stale version a 409 naming who
 * saved, nothing overwritten, and of racing saves of one version exactly one written. Each format's
 * `*Api.test.ts` calls it inside its `describe.each(testDatabaseKinds)`, so it runs on both databases, and
 * keeps its own rules (its fields, its readers' pages) beside it.
 */
import { expect, it } from 'vitest';
import * as contract from '../api/generated/zod.ts';
import type { FormatOperations } from '../formats/formatDeclaration.ts';
import { answerOf } from './formatApi.ts';
import { type NewsroomApi, ORIGIN, type Signed } from './newsroomApi.ts';

type Item = { id: number; version: number; status: string } & Record<string, unknown>;

export interface EditorialFixture {
  /** A valid draft named `name` (its title, or its name for popins). */
  draft(name: string): Record<string, unknown>;
  /** The admin shape's field holding that name. */
  nameField: string;
  /** Fields a save copies from the item as created (a generator keeps its address). */
  keep?: readonly string[];
  /** How refusals name the format: "ce concours", "Ce concours est introuvable.". */
  thisItem: string;
  notFound: string;
  /** How many saves race on one version (20 by default). */
  racers?: number;
}

export function itFollowsTheEditorialRules(
  api: NewsroomApi,
  declaration: { apiPath: string; operations: FormatOperations },
  fixture: EditorialFixture,
) {
  const { request, signed } = api;
  const { apiPath, operations } = declaration;
  const racers = fixture.racers ?? 20;

  async function parsed<T = Item>(operation: string, response: Response, code: number): Promise<T> {
    expect(response.status, await response.clone().text()).toBe(code);
    return answerOf(operation).parse(await response.json()) as T;
  }
  const create = async (name: string, as: Signed = signed('editor')) =>
    parsed(operations.create, await request('POST', apiPath, { as, body: fixture.draft(name) }), 201);
  const saveBody = (item: Item, name: string, version: number) => ({
    ...fixture.draft(name),
    ...Object.fromEntries((fixture.keep ?? []).map((field) => [field, item[field]])),
    version,
  });
  async function errorOf(response: Response, code: number): Promise<string> {
    expect(response.status, await response.clone().text()).toBe(code);
    const body = contract.ErrorResponse.parse(await response.json());
    expect(body.message.length).toBeGreaterThan(10);
    return body.message;
  }

  it('needs a session (401), the CSRF token (403) and the site’s own Origin (403)', async () => {
    const body = fixture.draft('Gardé');
    await errorOf(await request('POST', apiPath, { body }), 401);
    await errorOf(await request('GET', apiPath), 401);
    const editor = signed('editor');
    expect(await errorOf(await request('POST', apiPath, { as: { ...editor, csrf: '' }, body }), 403)).toMatch(/jeton/i);
    expect(await errorOf(await request('POST', apiPath, { as: { ...editor, csrf: signed('admin').csrf }, body }), 403)).toMatch(/jeton/i);
    await errorOf(await request('POST', apiPath, { as: editor, body, headers: { origin: 'https://evil.example' } }), 403);
    const item = await create('Gardé');
    const evilSave = { as: editor, body: saveBody(item, 'Gardé', 1), headers: { origin: 'https://evil.example' } };
    await errorOf(await request('PUT', `${apiPath}/${item.id}`, evilSave), 403);
    const forgedStatus = { as: { ...editor, csrf: 'faux' }, body: { action: 'publish', version: 1 } };
    await errorOf(await request('POST', `${apiPath}/${item.id}/status`, forgedStatus), 403);
    const fromHere = { as: editor, body: fixture.draft('Gardé 2'), headers: { origin: ORIGIN } };
    expect((await request('POST', apiPath, fromHere)).status).toBe(201);
  });

  it('a contributor writes drafts but cannot publish them (a French 403); an unknown id is a French 404', async () => {
    const mine = await create('De la contributrice', signed('contributor'));
    const refused = await request('POST', `${apiPath}/${mine.id}/status`, {
      as: signed('contributor'),
      body: { action: 'publish', version: mine.version },
    });
    expect(await errorOf(refused, 403)).toBe(
      `Votre rôle (contributeur) ne permet pas de publier, programmer ou dépublier ${fixture.thisItem}.`,
    );
    expect(await errorOf(await request('GET', `${apiPath}/999999`, { as: signed('editor') }), 404)).toBe(fixture.notFound);
    await errorOf(await request('GET', `${apiPath}/abc`, { as: signed('editor') }), 400);
    const listed = await request('GET', `${apiPath}?limit=100`, { as: signed('contributor') });
    const list = await parsed<{ results: Item[] }>(operations.list, listed, 200);
    expect(list.results.every((i) => i.status === 'published' || i.id === mine.id)).toBe(true);
    expect(list.results.some((i) => i.id === mine.id)).toBe(true);
  });

  it(`a stale version is a 409 naming who, nothing overwritten; of ${racers} racing saves, one is written`, async () => {
    const item = await create('Disputé');
    await parsed(
      operations.update,
      await request('PUT', `${apiPath}/${item.id}`, { as: signed('editor'), body: saveBody(item, 'Version A', 1) }),
      200,
    );
    const late = await request('PUT', `${apiPath}/${item.id}`, { as: signed('admin'), body: saveBody(item, 'Version B', 1) });
    expect(late.status).toBe(409);
    const conflict = contract.VersionConflict.parse(await late.json());
    expect(conflict).toMatchObject({ currentVersion: 2, changedBy: 'Compte editor' });
    expect(conflict.message).toMatch(new RegExp(`^Compte editor a modifié ${fixture.thisItem} à \\d\\d h \\d\\d \\(version 2\\)`));
    const staleStatus = await request('POST', `${apiPath}/${item.id}/status`, {
      as: signed('admin'),
      body: { action: 'publish', version: 1 },
    });
    expect(staleStatus.status).toBe(409);
    const stored = await parsed(operations.get, await request('GET', `${apiPath}/${item.id}`, { as: signed('editor') }), 200);
    expect(stored).toMatchObject({ [fixture.nameField]: 'Version A', version: 2, status: 'draft' });

    const race = await create('Course');
    const answers = await Promise.all(
      Array.from({ length: racers }, (_, i) =>
        request('PUT', `${apiPath}/${race.id}`, { as: signed('editor'), body: saveBody(race, `Course ${i}`, 1) }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(racers - 1).fill(409)]);
    const revisions = await request('GET', `${apiPath}/${race.id}/revisions`, { as: signed('editor') });
    const listed = await parsed<{ results: Item[] }>(operations.revisions, revisions, 200);
    expect(listed.results.map((r) => r.version)).toEqual([2, 1]);
  });
}
