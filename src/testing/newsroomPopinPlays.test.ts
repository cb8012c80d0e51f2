/**
 * Content made in the newsroom plays (issue 19): a popin of each SPEC §3 type written and published through
 * /api/admin/popins, read back as a reader gets it (GET /api/popin), runs through `popinMachine` on a simulated
 * clock — shown exactly after its `isOpenDelay`, in the sub-state its type opens, closed with its own cookie hash —
 * and xstate/graph over the five newsroom popins reaches every displayed sub-state. On PGlite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { appConfig } from '../../app.config.ts';
import * as contract from '../api/generated/zod.ts';
import type { Popin, PopinType } from '../api/types.ts';
import { type CookieWrite, type PopinEvent, popinMachine } from '../features/popin/popinMachine.ts';
import { useNewsroomApi } from './newsroomApi.ts';
import { popinDraftBody } from './popinFixtures.ts';
import { testDatabaseKinds } from './testDatabase.ts';

const TYPES: PopinType[] = ['register_complete', 'register_light', 'register_choice', 'button', 'survey'];
/** The displayed sub-state each type opens in. */
const opensIn: Record<PopinType, string> = {
  register_complete: '{"displayed":"form"}',
  register_light: '{"displayed":"form"}',
  register_choice: '{"displayed":{"choice":"choice1"}}',
  button: '{"displayed":"buttons"}',
  survey: '{"displayed":{"survey":"unanswered"}}',
};

describe.each(testDatabaseKinds)('popinMachine on popins made in the newsroom, on %s', (kind) => {
  const api = useNewsroomApi(kind);

  async function readersPopin(type: PopinType): Promise<Popin> {
    const as = api.signed('editor');
    const path = `/tag/essai-${type.replace('_', '-')}`;
    const body = popinDraftBody(`Essai ${type}`, type, {
      matchPath: path,
      priority: 50,
      trigger: { isClose: false, isOpen: false, isOpenDelay: true, timeDelay: 2 },
    });
    const draft = contract.CreateAdminPopinResponse.parse(await (await api.request('POST', '/api/admin/popins', { as, body })).json());
    const published = await api.request('POST', `/api/admin/popins/${draft.id}/status`, {
      as,
      body: { action: 'publish', version: draft.version },
    });
    expect(published.status, await published.clone().text()).toBe(200);
    const response = await api.request('GET', `/api/popin?url=${encodeURIComponent(path)}`);
    expect(response.status).toBe(200);
    const popin = contract.GetPopinResponse.parse(await response.json()) as Popin;
    expect(popin.type).toBe(type);
    return popin;
  }

  it('each type: shown after its 2 s, in the sub-state its type opens, closed with its own cookie', async () => {
    for (const type of TYPES) {
      const popin = await readersPopin(type);
      const clock = new SimulatedClock();
      const cookies: CookieWrite[] = [];
      const actor = createActor(
        popinMachine.provide({
          actions: {
            writeCookie: (_, write: CookieWrite) => void cookies.push(write),
            sendSurveyAnswer: () => {},
            lockScroll: () => {},
            restoreScroll: () => {},
          },
        }),
        { input: { touch: false }, clock },
      ).start();
      actor.send({ type: 'popin.consentChanged', appConsent: true });
      actor.send({ type: 'popin.contentSet', popin, hasDismissalCookie: false });
      clock.increment(2000 + appConfig.popin.baseDelayMs - 1);
      expect(actor.getSnapshot().matches('displayed'), type).toBe(false);
      clock.increment(1);
      expect(JSON.stringify(actor.getSnapshot().value), type).toBe(opensIn[type]);
      actor.send({ type: 'popin.closed' });
      expect(
        cookies.map((c) => c.hash),
        type,
      ).toEqual([popin.cookie.hash]);
      actor.stop();
    }
  });

  it('xstate/graph over the five newsroom popins reaches every displayed sub-state', async () => {
    const popins = await Promise.all(TYPES.map((type) => readersPopin(type)));
    const events: PopinEvent[] = [
      { type: 'popin.consentChanged', appConsent: true },
      ...popins.map((popin): PopinEvent => ({ type: 'popin.contentSet', popin, hasDismissalCookie: false })),
      { type: 'popin.surveyAnswered', button: 1 },
      { type: 'popin.choiceSelected', choice: 2 },
      { type: 'popin.signupSucceeded' },
      { type: 'popin.closed' },
      { type: 'xstate.after.isOpenDelay.popin.waiting.afterTimeDelay' } as unknown as PopinEvent,
    ];
    const paths = getShortestPaths(popinMachine, {
      events,
      serializeState: (state) =>
        JSON.stringify([state.value, state.context.appConsent, state.context.popin?.type ?? null, state.context.displayed]),
      serializeEvent: (event) => JSON.stringify(event),
    });
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const value of [
      '{"waiting":"afterTimeDelay"}',
      '{"displayed":"form"}',
      '{"displayed":"buttons"}',
      '{"displayed":{"choice":"choice1"}}',
      '{"displayed":{"choice":"choice2"}}',
      '{"displayed":{"survey":"unanswered"}}',
      '{"displayed":{"survey":"answered"}}',
      '{"displayed":"signedUp"}',
      '"closed"',
    ]) {
      expect(reached, value).toContain(value);
    }
  });
});
