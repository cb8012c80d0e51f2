import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from 'srvx';

export function putHitPathInFront(
  server: Server,
  answerFromCache: (req: IncomingMessage, res: ServerResponse, normal: (req: IncomingMessage, res: ServerResponse) => void) => boolean,
): void;
