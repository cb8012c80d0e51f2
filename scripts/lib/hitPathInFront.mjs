/**
 * Puts a node:http-level answerer in front of a srvx server created with `manual: true` (issue 22): every
 * request goes to `answerFromCache(req, res, normal)` first; when it answers false (a miss, a POST…), srvx's own
 * handler takes the request untouched. A hit path that throws before sending anything falls back too.
 * `normal` is that handler, for an answerer that takes a request and hands it on later (the audience beacon's
 * path, once it has read the body: issue 37). Call before server.serve().
 */
export function putHitPathInFront(server, answerFromCache) {
  const fullPath = server.node.handler;
  server.node.server.removeAllListeners('request');
  server.node.server.on('request', (req, res) => {
    let answered = false;
    try {
      answered = answerFromCache(req, res, fullPath);
    } catch (error) {
      console.error('[page-cache] hit path failed, taking the normal one:', error);
      answered = res.headersSent;
    }
    if (!answered) fullPath(req, res);
  });
}
