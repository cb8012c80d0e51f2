/** A progress bar on a terminal; on a pipe (CI, a log), a line every 10 %, so that logs stay short. */
export function progressBar(out: NodeJS.WriteStream) {
  const tty = out.isTTY === true;
  let lastTenth = -1;
  let shown = false;
  return {
    update(done: number, total: number | null) {
      if (tty) {
        const width = 30;
        const filled = total ? Math.min(width, Math.round((done / total) * width)) : 0;
        const count = total ? `${done}/${total}` : String(done);
        out.write(`\r[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${count} articles et pages`);
        shown = true;
        return;
      }
      const tenth = total ? Math.floor((done / total) * 10) : Math.floor(done / 1000);
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        out.write(`${total ? `${done}/${total}` : done} articles et pages…\n`);
      }
    },
    done() {
      if (tty && shown) out.write('\n');
    },
  };
}
