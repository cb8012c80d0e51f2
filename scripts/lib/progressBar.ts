/** A one-line progress bar on a terminal; plain percentage lines elsewhere (CI logs). */
export function progressBar(total: number, unit: string) {
  const tty = process.stderr.isTTY;
  let lastPercent = -1;
  const started = performance.now();
  return {
    update(done: number) {
      const percent = Math.floor((done / total) * 100);
      if (percent === lastPercent) return;
      lastPercent = percent;
      const rate = Math.round(done / ((performance.now() - started) / 1000 || 1));
      if (tty) {
        const width = 30;
        const filled = Math.round((percent / 100) * width);
        process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${percent}% ${done}/${total} ${unit} (${rate}/s)`);
      } else if (percent % 10 === 0) {
        process.stderr.write(`${percent}% ${done}/${total} ${unit} (${rate}/s)\n`);
      }
    },
    done() {
      if (tty && lastPercent >= 0) process.stderr.write('\n');
    },
  };
}
