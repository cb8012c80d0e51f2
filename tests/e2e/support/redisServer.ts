/**
 * A Redis server of the test's own (Debian's redis-server, loopback, nothing persisted) that the test may
 * kill, stop (SIGSTOP: connections stay open, nothing answers) and start again on the same port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './ownServer.ts';

export interface OwnRedis {
  port: number;
  url: string;
  kill(): Promise<void>;
  start(): Promise<void>;
  pause(): void;
  resume(): void;
}

async function answering(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      done(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => done(false));
    socket.once('timeout', () => {
      socket.destroy();
      done(false);
    });
  });
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const deadline = Date.now() + 10_000;
    while (!(await answering(port))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on ${port}`);
      await new Promise((done) => setTimeout(done, 50));
    }
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    kill: async () => {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((done) => running.once('exit', done));
      running.kill('SIGKILL');
      await exited;
    },
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
  };
}
