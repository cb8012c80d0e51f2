/**
 * A TCP relay in front of a dependency (PostgreSQL, Redis, SMTP) that a fault test can break: cut (every
 * connection dropped, new ones refused), restore, or slow down (every chunk held `ms` in each direction).
 */
import { createServer, type Server, Socket } from 'node:net';

export interface TcpRelay {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<number>;
  /** 0: pass straight through. */
  delay(ms: number): void;
}

export async function relayTo(host: string, targetPort: number): Promise<TcpRelay> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let delayMs = 0;
  const forward = (from: Socket, to: Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (delayMs === 0) to.write(chunk);
      else setTimeout(() => to.writable && to.write(chunk), delayMs).unref();
    });
    from.on('end', () => to.end());
  };
  const open = (port: number) =>
    new Promise<number>((done) => {
      server = createServer((client) => {
        const upstream = new Socket();
        sockets.add(client).add(upstream);
        upstream.connect(targetPort, host);
        forward(client, upstream);
        forward(upstream, client);
        for (const s of [client, upstream]) {
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
          s.on('close', () => {
            sockets.delete(s);
            client.destroy();
            upstream.destroy();
          });
        }
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address();
        done(typeof address === 'object' && address ? address.port : 0);
      });
    });
  const port = await open(0);
  return {
    port,
    cut: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => (server?.listening ? server.close(() => done()) : done()));
    },
    restore: () => open(port),
    delay: (ms) => {
      delayMs = ms;
    },
  };
}
