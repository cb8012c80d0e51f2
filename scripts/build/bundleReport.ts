/**
 * Writes dist/bundle-report.json after the client build: every JavaScript chunk with the chunks it imports
 * (statically and lazily) and the source modules it holds, with their minified sizes. The JavaScript budget
 * (scripts/build/checkBundleBudget.ts) reads it to tell what a page loads at start and whether staff-only code
 * is in it. Written beside dist/client, not inside it: the static file server never serves it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

export const BUNDLE_REPORT_FILE = 'dist/bundle-report.json';

export interface ReportedChunk {
  /** Relative to the client build's directory, e.g. assets/index-C9wfQ7S7.js. */
  fileName: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  /**
   * Source module → bytes it contributed (as rendered, before minification: for comparing modules, not for
   * the budget); paths relative to the project, node_modules included.
   */
  modules: Record<string, number>;
}

export interface BundleReport {
  chunks: ReportedChunk[];
  /** Module → the modules that import it (statically or lazily), to say how a module came to be in a chunk. */
  importers: Record<string, string[]>;
}

/** A module id as the bundler names it, made relative to the project (virtual modules keep their name). */
export function reportedModuleId(id: string, root: string): string {
  const clean = id.replace(/^\0/, '');
  return clean.startsWith('/') ? relative(root, clean).split('\\').join('/') : clean;
}

export function bundleReportPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'piquante:bundle-report',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      root = config.root;
    },
    writeBundle(_options, bundle) {
      const chunks: ReportedChunk[] = [];
      const importers: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules: Record<string, number> = {};
        for (const [id, info] of Object.entries(output.modules)) {
          const name = reportedModuleId(id, root);
          modules[name] = (modules[name] ?? 0) + info.renderedLength;
          const moduleInfo = this.getModuleInfo(id);
          if (moduleInfo) {
            importers[name] = [...moduleInfo.importers, ...moduleInfo.dynamicImporters].map((by) => reportedModuleId(by, root)).sort();
          }
        }
        chunks.push({
          fileName: output.fileName,
          isEntry: output.isEntry,
          imports: [...output.imports],
          dynamicImports: [...output.dynamicImports],
          modules,
        });
      }
      chunks.sort((a, b) => a.fileName.localeCompare(b.fileName));
      const file = resolve(root, BUNDLE_REPORT_FILE);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify({ chunks, importers } satisfies BundleReport, null, 1)}\n`);
    },
  };
}
