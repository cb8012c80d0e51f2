/**
 * The reader's JavaScript is asked for once the page has painted, not while the browser fetches the stylesheet and
 * the first screen's images (issue 38, decision 034, cut 19): on a slow phone network the 100 kB entry and its
 * chunks no longer share the bandwidth with what the reader sees first, and its evaluation (≈ 36 ms of CPU on a
 * desktop, four times that on a mid-range phone) no longer runs before the first paint. The page works meanwhile
 * as HTML: its links are links.
 */

/** What the page's entry needs: its module and the chunks it will import at once. */
export interface EntryScripts {
  entry: string;
  preloads: readonly string[];
}

/** The event the app sends once React has hydrated the document (BodyScripts' effect). */
export const APP_READY_EVENT = 'piquante:hydrated';

/**
 * The inline script that asks for them once the browser reports the first contentful paint (a paint observer's
 * entry comes once the frame is on screen; where there is none, the task after the first frame stands in). A
 * hidden tab paints nothing: it asks at once; and 3 s is the latest in any case.
 *
 * Until the app has hydrated, a click on a button or a form's submission would be lost (React replays only what
 * happens after it started): the script holds them, asks for the code at once, and replays them on the app's
 * ready event. Links need nothing: they are links.
 */
export function entryAfterFirstPaintScript({ entry, preloads }: EntryScripts): string {
  // `<` escaped: the addresses come from the build's manifest, but this text ends up inside a <script> element.
  const scripts = JSON.stringify({ entry, preloads }).replace(/</g, '\\u003c');
  return [
    // Once per document: the router renders this script again on the browser, and may add a copy of it after a
    // navigation; a copy must not hold clicks that nobody will replay.
    '(function(s){if(window.__piquanteEntry)return;window.__piquanteEntry=1;var asked=0,held=[],d=document;function go(){if(asked)return;asked=1;',
    's.preloads.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});',
    'var e=d.createElement("script");e.type="module";e.src=s.entry;d.head.appendChild(e)}',
    'function hold(v){var t=v.target,c=v.type==="click"?t&&t.closest&&t.closest("button,[role=button]"):t;',
    'if(!c||c.disabled)return;v.preventDefault();v.stopPropagation();held.push([v.type,c]);go()}',
    'd.addEventListener("click",hold,true);d.addEventListener("submit",hold,true);',
    `window.addEventListener(${JSON.stringify(APP_READY_EVENT)},function(){d.removeEventListener("click",hold,true);d.removeEventListener("submit",hold,true);`,
    // A part React has not hydrated yet (a Suspense boundary still waiting) has no props on its elements: its
    // element is replayed once it has (every 50 ms, 5 s at most), or React would not see the click.
    'function mine(n){return Object.keys(n).some(function(k){return k.indexOf("__reactProps$")===0})}',
    'function replay(h,n){var c=h[1];if(!c.isConnected)return;if(!mine(c)&&n<100)return setTimeout(function(){replay(h,n+1)},50);',
    'if(h[0]==="click")c.click();else c.requestSubmit()}held.forEach(function(h){replay(h,0)})},{once:true});',
    'if(d.visibilityState==="hidden")return go();setTimeout(go,3000);',
    'var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)',
    'new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true});',
    'else requestAnimationFrame(function(){setTimeout(go,0)})',
    `})(${scripts})`,
  ].join('');
}

/** The scripts a page announces in its bootstrap (for tests and the bundle budget's page check). */
export function entryScriptsOf(html: string): EntryScripts | null {
  const string = '"(?:[^"\\\\]|\\\\.)*"';
  const match = new RegExp(`\\}\\)\\((\\{"entry":${string},"preloads":\\[(?:${string},?)*\\]\\})\\)`).exec(html);
  if (!match?.[1]) return null;
  const parsed = JSON.parse(match[1]) as EntryScripts;
  return { entry: parsed.entry, preloads: parsed.preloads };
}
