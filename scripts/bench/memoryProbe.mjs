// Preloaded by bench:memory only (`node --import ./scripts/bench/memoryProbe.mjs scripts/serve.mjs`): the
// server's code is not touched. It records every module the process loads and every WebAssembly memory it
// creates (PGlite's), and on SIGUSR2 writes where the memory goes to MEMORY_PROBE_OUT as JSON.
import { statSync, writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';

const modules = new Set();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    modules.add(resolved.url);
    return resolved;
  },
});

// WebAssembly memories are ArrayBuffers outside V8's heap: kept weakly, read at report time (they only grow).
const memories = [];
const NativeMemory = WebAssembly.Memory;
WebAssembly.Memory = function Memory(descriptor) {
  const memory = new NativeMemory(descriptor);
  memories.push(new WeakRef(memory));
  return memory;
};
WebAssembly.Memory.prototype = NativeMemory.prototype;

/** node_modules/<package> (scoped too), dist/<file>, or node:… */
function ownerOf(url) {
  if (!url.startsWith('file:')) return url.split(':')[0];
  const path = fileURLToPath(url);
  const inModules = path.lastIndexOf('/node_modules/');
  if (inModules >= 0) {
    const parts = path.slice(inModules + 14).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const inDist = path.indexOf('/dist/');
  return inDist >= 0 ? path.slice(inDist + 1) : path;
}

function report() {
  const owners = new Map();
  for (const url of modules) {
    const owner = ownerOf(url);
    let bytes = 0;
    try {
      if (url.startsWith('file:')) bytes = statSync(fileURLToPath(url)).size;
    } catch {
      // A resolved file that was never read.
    }
    const entry = owners.get(owner) ?? { modules: 0, bytes: 0 };
    entry.modules += 1;
    entry.bytes += bytes;
    owners.set(owner, entry);
  }
  return {
    memoryUsage: process.memoryUsage(),
    heap: v8.getHeapStatistics(),
    heapSpaces: v8.getHeapSpaceStatistics().map(({ space_name, space_used_size, space_size }) => ({
      space: space_name,
      used: space_used_size,
      size: space_size,
    })),
    wasmMemories: memories.map((ref) => ref.deref()?.buffer.byteLength ?? 0),
    modules: modules.size,
    owners: [...owners].map(([owner, entry]) => ({ owner, ...entry })).sort((a, b) => b.bytes - a.bytes),
  };
}

process.on('SIGUSR2', () => {
  const out = process.env.MEMORY_PROBE_OUT;
  if (out) writeFileSync(out, JSON.stringify(report()));
});
