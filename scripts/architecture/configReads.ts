/**
 * Configuration is read once (src/server/config/serverConfig.ts): the environment is named nowhere else in
 * shipped code, neither read (`process.env`) nor passed around (`NodeJS.ProcessEnv`); every other module
 * receives the values it needs. Scripts, build configs and tests may still read it.
 */
import type { SourceFile } from './sourceFiles.ts';

const CONFIG_DIR = 'src/server/config/';
const MENTIONS = [/\bprocess\.env\b/, /\bNodeJS\.ProcessEnv\b/];

export function configReadViolations(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (file.path.startsWith(CONFIG_DIR)) continue;
    file.text.split('\n').forEach((line, index) => {
      if (MENTIONS.some((mention) => mention.test(line))) found.push(`${file.path}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}
