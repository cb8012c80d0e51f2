/**
 * A repartee generator's page body: the reply on screen (server-rendered when the address names one),
 * the button that draws the next one (disabled until the generator is ready), and copy/share actions
 * for the reply's own address.
 */
import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { inspectRelay } from '../../lib/machineInspection.ts';
import { countAudienceEvent } from '../../lib/audience.ts';
import { useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { ReparteeGenerator as Generator, Reply } from '../../api/types.ts';
import { ContentImage } from '../../components/ContentImage.tsx';
import { ShareActions } from '../../components/ShareActions.tsx';
import { reparteeMachine } from './reparteeMachine.ts';

export function ReparteeGenerator({
  generator,
  initialReplyId,
  shareUrlOf,
  onReply,
}: {
  generator: Generator;
  initialReplyId: number | null;
  shareUrlOf: (replyId: number) => string;
  /** The drawn reply's id, for the page's address. */
  onReply: (replyId: number) => void;
}) {
  const onReplyRef = useRef(onReply);
  onReplyRef.current = onReply;
  const machine = useMemo(
    () =>
      reparteeMachine.provide({
        // The page already holds the generator (server-rendered, or reused from the item cache).
        actors: { loadReplies: fromPromise<Reply[], { url: string }>(async () => generator.replies) },
        actions: {
          showReply: (_, { replyId }) => {
            onReplyRef.current(replyId);
            countAudienceEvent('repartee-draw', generator.url);
          },
        },
      }),
    [generator],
  );
  const [state, send] = useMachine(machine, { input: { url: generator.url, initialReplyId }, inspect: inspectRelay });
  const { ready, error, currentId } = state.context;
  const current = generator.replies.find((reply) => reply.id === currentId) ?? null;

  return (
    <article className="repartee-generator mx-auto max-w-3xl px-4 pt-10">
      <p className="kicker text-center text-piment-dark">
        <Link to="/generateur-de-repartie/{-$slug}" params={{ slug: undefined }} className="hover:underline">
          Générateur de répartie
        </Link>
      </p>
      <h1 className="mt-4 text-center font-display text-4xl font-black italic leading-tight text-balance md:text-5xl">{generator.title}</h1>
      <p className="mx-auto mt-4 max-w-xl text-center text-xl text-encre/85">{generator.description}</p>
      <ContentImage
        image={generator.image}
        sizes="(min-width: 768px) 768px, 100vw"
        eager
        priority
        className="mt-8 aspect-[3/2] h-auto w-full rounded-2xl bg-piment-light object-cover"
      />
      <section aria-labelledby="reply-title" className="mt-10 flex flex-col items-center gap-6 text-center">
        <h2 id="reply-title" className="font-display text-2xl font-bold">
          Votre réplique
        </h2>
        <div className="flex min-h-32 w-full items-center justify-center rounded-2xl bg-white p-6 shadow-sm" aria-live="polite">
          {current ? (
            <blockquote
              key={current.id}
              className="repartee-reply font-display text-2xl italic leading-snug md:text-3xl"
              data-reply-id={current.id}
            >
              « {current.text} »
            </blockquote>
          ) : (
            <p className="text-lg text-encre/80">Appuyez sur le bouton : on vous souffle la réplique parfaite.</p>
          )}
        </div>
        {/* Opacity changes at once when the button becomes usable: a half-faded, enabled button fails contrast. */}
        <button
          type="button"
          className="button-primary draw-reply text-lg transition-[translate,background-color]"
          disabled={!ready}
          onClick={() => send({ type: 'repartee.draw' })}
        >
          Générer une réplique
        </button>
        {error ? (
          <div role="alert" className="flex flex-col items-center gap-3">
            <p>{error}</p>
            <button type="button" className="button-outline" onClick={() => send({ type: 'repartee.retry' })}>
              Réessayer
            </button>
          </div>
        ) : null}
        {current ? <ShareActions url={shareUrlOf(current.id)} title={generator.title} text={`« ${current.text} »`} /> : null}
        <p className="text-sm text-encre/75">
          {generator.replyCount} répliques dans ce générateur, toutes vues une fois avant qu'une ne revienne.
        </p>
      </section>
    </article>
  );
}
