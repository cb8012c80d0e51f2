/**
 * Where an operator's export goes: the file given with --output, or standard output. Writes wait for the
 * stream to drain, so a million rows need no more memory than a batch; close() waits for the file on disk.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';

export interface ExportOutput {
  write(text: string): Promise<void>;
  close(): Promise<void>;
}

export function openExportOutput(path: string | undefined): ExportOutput {
  const out: Writable = path ? createWriteStream(path) : process.stdout;
  return {
    async write(text) {
      if (!out.write(text)) await once(out, 'drain');
    },
    async close() {
      if (out === process.stdout) return;
      out.end();
      await once(out, 'finish');
    },
  };
}
