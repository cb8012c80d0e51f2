// Guards every npm entry point: the project needs Node 24 (installed as the `node` devDependency).
// If install scripts were skipped, `npm run` silently falls back to the system Node.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Piquante needs Node 24 or newer, but this is Node ${process.versions.node}.\n` +
      'Run `npm install` (without --ignore-scripts): it installs Node 24 into node_modules/.bin, which `npm run` uses.',
  );
  process.exit(1);
}
