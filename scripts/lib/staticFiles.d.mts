export interface StaticEntry {
  body: Buffer;
  type: string;
  gzip: Buffer | null;
  br: Buffer | null;
  hashed: boolean;
  etag: string;
  /** Read from the .br/.gz copies the build wrote, not compressed by the server. */
  precompressed: boolean;
}
export const contentTypes: Record<string, string>;
export const compressible: RegExp;
export function createStaticFiles(clientDir: string): {
  lookup(pathname: string): Promise<StaticEntry | null>;
  readonly remembered: number;
  readonly fileCount: number;
};
export function isBuildOnlyPath(pathname: string): boolean;
export function precompressClientDir(clientDir: string): Promise<number>;
export function staticResponse(entry: StaticEntry, request: Request): Response;
