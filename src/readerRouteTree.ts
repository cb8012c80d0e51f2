/**
 * The route tree a reader's browser starts with. Here, for the server, the tests and the type checker, it is the
 * whole tree; the browser build replaces this module with the same tree without the staff's pages (newsroom,
 * previews, QA inspector: src/lib/staffPaths.ts), generated from the route files by scripts/build/readerRouteTree.ts
 * (issue 38, decision 034). src/router.tsx loads the whole tree when a staff page opens.
 */
export { routeTree } from './routeTree.gen';
