import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isStaffPath } from '../../src/lib/staffPaths.ts';
import { readerRouteTreeCode, withoutStaffRoutes } from './readerRouteTree.ts';

const root = resolve(import.meta.dirname, '../..');
const imports = (code: string) =>
  [...code.matchAll(/^import \{ Route as \w+ \} from '(\.\/routes\/[^']+)'$/gm)].map((m) => m[1] ?? '').sort();

describe('the readers’ route tree', () => {
  it('imports every route file of the whole tree but the staff’s (newsroom, previews, QA)', async () => {
    const whole = imports(readFileSync(resolve(root, 'src/routeTree.gen.ts'), 'utf8'));
    const reader = imports(await readerRouteTreeCode(root));
    const staff = whole.filter((path) => /^\.\/routes\/(admin|apercu|qa)([-./]|$)/.test(path));
    expect(staff.length).toBeGreaterThan(30);
    expect(reader).toEqual(whole.filter((path) => !staff.includes(path)));
    expect(reader).toContain('./routes/$slug/$url');
    expect(reader).toContain('./routes/__root');
  });

  it('declares no staff route and ends with the tree the router takes', async () => {
    const code = await readerRouteTreeCode(root);
    for (const [, path] of code.matchAll(/\bpath: '([^']+)'/g)) expect(isStaffPath(path ?? '')).toBe(false);
    expect(code).toMatch(/export const routeTree = rootRouteImport\._addFileChildren\(rootRouteChildren\)/);
  });

  it('drops a staff route with its children, and keeps the children of the others', () => {
    const tree = [
      { routePath: '/admin', children: [{ routePath: '/admin/articles' }] },
      { routePath: '/quizz/$url', children: [{ routePath: '/quizz/$url/' }, { routePath: '/qa/machines' }] },
      { routePath: '/apercu-quizz/$token' },
    ];
    expect(withoutStaffRoutes(tree)).toEqual([{ routePath: '/quizz/$url', children: [{ routePath: '/quizz/$url/' }] }]);
  });
});
