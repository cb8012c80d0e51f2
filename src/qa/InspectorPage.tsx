/**
 * The QA machine inspector (/qa/machines): every machine of the magazine drawn from its own definition,
 * stepped with harmless stand-ins, its shortest paths replayable, its diagram and runs exportable.
 */
import { type ChangeEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { EventObject } from 'xstate';
import { DiagramSvg } from './DiagramSvg.tsx';
import { download, pngBlob, stepsMarkdown, svgMarkup } from './exporters.ts';
import { type Layout, layoutGraph } from './layoutGraph.ts';
import { machineGraph } from './machineGraph.ts';
import { shortestPaths } from './machinePaths.ts';
import { machineRegistry, type RegisteredMachine } from './machineRegistry.ts';
import { printable } from './printable.ts';
import { activeStateIds, CLOCK_EVENT, useMachineSession } from './useMachineSession.ts';

export function InspectorPage({ initialMachine }: { initialMachine?: string }) {
  const [name, setName] = useState(
    machineRegistry.some((m) => m.name === initialMachine) ? (initialMachine as string) : (machineRegistry[0]?.name ?? ''),
  );
  const registered = machineRegistry.find((m) => m.name === name) ?? machineRegistry[0];
  return (
    <div className="qa-inspector mx-auto max-w-[1600px] px-4 py-8 md:px-6">
      <h1 className="font-display text-4xl font-black italic">Inspecteur des machines</h1>
      <p className="mt-2 max-w-3xl text-encre/80">
        Chaque machine à états du magazine, dessinée depuis sa propre définition. Les effets (appels réseau, captcha, adresse de la page)
        sont remplacés par des doublures sans effet : c'est vous qui répondez à leur place.
      </p>
      <nav aria-label="Machines" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {machineRegistry.map((machine) => (
            <li key={machine.name}>
              <button
                type="button"
                className={machine.name === name ? 'button-primary' : 'button-outline'}
                aria-pressed={machine.name === name}
                onClick={() => {
                  setName(machine.name);
                  const url = new URL(window.location.href);
                  url.searchParams.set('machine', machine.name);
                  window.history.replaceState(window.history.state, '', url);
                }}
              >
                {machine.title}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {registered ? <MachineInspector key={registered.name} registered={registered} /> : null}
    </div>
  );
}

function MachineInspector({ registered }: { registered: RegisteredMachine }) {
  const graph = useMemo(() => machineGraph(registered.machine), [registered]);
  const paths = useMemo(() => shortestPaths(registered), [registered]);
  const [layout, setLayout] = useState<Layout | null>(null);
  const session = useMachineSession(registered);
  const svgRef = useRef<SVGSVGElement>(null);
  const [running, setRunning] = useState(false);
  const payloadId = useId();

  useEffect(() => {
    let cancelled = false;
    layoutGraph(graph).then((laid) => {
      if (!cancelled) setLayout(laid);
    });
    return () => {
      cancelled = true;
    };
  }, [graph]);

  const snapshot = session.snapshot;
  const active = useMemo(() => (snapshot ? activeStateIds(registered.machine, snapshot.value) : new Set<string>()), [registered, snapshot]);
  const lastStep = session.steps.at(-1);
  const previousActive = useMemo(() => {
    const before = session.steps.at(-2);
    return before
      ? activeStateIds(registered.machine, JSON.parse(before.state))
      : activeStateIds(registered.machine, JSON.parse(session.initialState()));
  }, [registered, session]);
  const lastEdgeId = useMemo(() => {
    if (!lastStep) return null;
    const type = lastStep.event.type;
    const edge = graph.edges.find(
      (e) =>
        previousActive.has(e.source) &&
        (type === CLOCK_EVENT ? e.delayMs !== null : e.event === type) &&
        (e.targets.length === 0 || e.targets.some((t) => active.has(t))),
    );
    return edge?.id ?? null;
  }, [graph, lastStep, previousActive, active]);

  const outgoing = graph.edges.filter((edge) => active.has(edge.source));
  const eventTypes = [...new Set(outgoing.filter((e) => e.event !== '' && e.delayMs === null).map((e) => e.event))];
  const delayed = outgoing.filter((e) => e.delayMs !== null);
  const [chosen, setChosen] = useState<string>('');
  const [payload, setPayload] = useState('');
  const [payloadError, setPayloadError] = useState('');

  const example = (type: string): EventObject => registered.events.find((event) => event.type === type) ?? { type };
  const choose = (type: string) => {
    setChosen(type);
    setPayload(printable(example(type)));
    setPayloadError('');
  };

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => session.advanceClock(100), 100);
    return () => clearInterval(timer);
  }, [running, session]);

  function sendChosen() {
    let event: EventObject;
    try {
      event = JSON.parse(payload);
    } catch {
      setPayloadError("Le contenu n'est pas du JSON valide.");
      return;
    }
    if (!event || typeof event.type !== 'string') {
      setPayloadError('Un événement est un objet avec un champ « type ».');
      return;
    }
    setPayloadError('');
    session.send(event);
  }

  const markdown = () => stepsMarkdown(registered.title, registered.name, session.steps, session.initialState());

  return (
    <section aria-labelledby="machine-title" className="mt-8" data-machine={registered.name}>
      <h2 id="machine-title" className="font-display text-3xl font-black italic">
        {registered.title} <code className="text-base font-normal not-italic">{registered.name}</code>
      </h2>
      <p className="mt-1 text-sm text-encre/75">
        {graph.nodes.length} états, {graph.edges.length} transitions.
      </p>
      <div className="mt-4 grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(320px,2fr)]">
        <div>
          <div className="overflow-auto rounded-xl border-2 border-encre bg-white" data-testid="diagram">
            {layout ? (
              <DiagramSvg layout={layout} activeIds={active} lastEdgeId={lastEdgeId} title={registered.title} svgRef={svgRef} />
            ) : (
              <p className="p-6">Mise en page du diagramme…</p>
            )}
          </div>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className="button-outline"
              disabled={!layout}
              onClick={() => svgRef.current && download(`${registered.name}.svg`, svgMarkup(svgRef.current), 'image/svg+xml')}
            >
              Exporter en SVG
            </button>
            <button
              type="button"
              className="button-outline"
              disabled={!layout}
              onClick={async () => svgRef.current && download(`${registered.name}.png`, await pngBlob(svgRef.current))}
            >
              Exporter en PNG
            </button>
            <button
              type="button"
              className="button-outline"
              onClick={() => download(`${registered.name}-parcours.md`, markdown(), 'text/markdown')}
            >
              Exporter le parcours (Markdown)
            </button>
          </div>
        </div>
        <div className="space-y-6">
          <section aria-labelledby="current-title">
            <h3 id="current-title" className="text-xl font-bold">
              État actuel
            </h3>
            <p role="status" aria-live="polite" className="mt-1" data-testid="current-state">
              <code>{snapshot ? JSON.stringify(snapshot.value) : '…'}</code>
              {snapshot && snapshot.status !== 'active' ? ` (${snapshot.status})` : ''}
            </p>
            <h4 className="mt-3 font-bold">Contexte</h4>
            <pre className="mt-1 max-h-64 overflow-auto rounded bg-encre p-3 text-xs text-white" data-testid="context">
              {snapshot ? printable(snapshot.context) : ''}
            </pre>
          </section>
          <section aria-labelledby="events-title">
            <h3 id="events-title" className="text-xl font-bold">
              Événements acceptés
            </h3>
            {eventTypes.length === 0 ? <p className="mt-1 text-sm">Aucun événement n'est attendu dans cet état.</p> : null}
            <ul className="mt-2 flex flex-wrap gap-2">
              {eventTypes.map((type) => (
                <li key={type}>
                  <button
                    type="button"
                    className="button-outline"
                    aria-pressed={chosen === type}
                    onClick={() => choose(type)}
                    disabled={snapshot ? !snapshot.can(example(type)) && !type.startsWith('xstate.') : true}
                  >
                    {type}
                  </button>
                </li>
              ))}
            </ul>
            <label htmlFor={payloadId} className="mt-3 block font-bold">
              Contenu de l'événement (JSON)
            </label>
            <textarea
              id={payloadId}
              className="mt-1 h-32 w-full rounded border-2 border-encre p-2 font-mono text-xs"
              value={payload}
              onChange={(event: ChangeEvent<HTMLTextAreaElement>) => setPayload(event.target.value)}
              aria-describedby={payloadError ? `${payloadId}-error` : undefined}
            />
            {payloadError ? (
              <p id={`${payloadId}-error`} role="alert" className="text-sm font-bold text-piment-dark">
                {payloadError}
              </p>
            ) : null}
            <button type="button" className="button-primary mt-2" onClick={sendChosen} disabled={payload.trim() === ''}>
              Envoyer l'événement
            </button>
            {delayed.length > 0 ? (
              <div className="mt-4">
                <h4 className="font-bold">Minuteries</h4>
                <ul className="mt-1 flex flex-wrap gap-2">
                  {delayed.map((edge) => (
                    <li key={edge.id}>
                      <button type="button" className="button-outline" onClick={() => session.advanceClock(edge.delayMs ?? 0)}>
                        Déclencher maintenant : {edge.label}
                      </button>
                    </li>
                  ))}
                </ul>
                <label className="mt-2 flex items-center gap-2">
                  <input type="checkbox" checked={running} onChange={(event) => setRunning(event.target.checked)} /> Laisser courir
                  l'horloge
                </label>
              </div>
            ) : null}
          </section>
          <section aria-labelledby="history-title">
            <h3 id="history-title" className="text-xl font-bold">
              Historique
            </h3>
            <ol className="mt-2 space-y-1 text-sm" data-testid="history">
              <li>
                <button type="button" className="underline" onClick={() => session.goBack(-1)}>
                  Revenir ici
                </button>{' '}
                0. état initial <code>{session.initialState()}</code>
              </li>
              {session.steps.map((step, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a step is its position in the history
                <li key={index}>
                  <button type="button" className="underline" onClick={() => session.goBack(index)}>
                    Revenir ici
                  </button>{' '}
                  {index + 1}. <code>{step.event.type}</code> → <code>{step.state}</code>
                  {step.actions.length > 0 ? <span className="text-encre/70"> (actions : {step.actions.join(', ')})</span> : null}
                </li>
              ))}
            </ol>
            <button type="button" className="button-outline mt-2" onClick={session.restart}>
              Recommencer
            </button>
          </section>
          <section aria-labelledby="paths-title">
            <h3 id="paths-title" className="text-xl font-bold">
              Chemins les plus courts
            </h3>
            <ul className="mt-2 space-y-1 text-sm" data-testid="paths">
              {paths.map((path) => (
                <li key={path.target}>
                  <button type="button" className="underline" onClick={() => session.replay(path.events)} data-target={path.target}>
                    Rejouer
                  </button>{' '}
                  vers <code>{path.target}</code> en {path.events.length} étape{path.events.length > 1 ? 's' : ''}
                  {path.events.length > 0 ? ` : ${path.events.map((event) => event.type).join(' → ')}` : ''}
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </section>
  );
}
