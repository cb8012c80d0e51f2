/**
 * The addresses of the staff's pages: the newsroom (/admin…), the previews of unpublished work (/apercu…) and the
 * QA inspector (/qa…). Readers' browsers get a route tree without them (issue 38, decision 034): a page under one
 * of these loads the whole tree, and a reader's page that links to one leaves the single-page app for it.
 * Matches both a browser's pathname and a route's path template (`/apercu-quizz/$token`).
 */
const STAFF_PATH = /^\/(admin|qa|apercu(-[a-z]+)?)(\/|$)/;

export function isStaffPath(pathname: string): boolean {
  return STAFF_PATH.test(pathname);
}
