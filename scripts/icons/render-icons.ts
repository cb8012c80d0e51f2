/**
 * npm run icons
 * Draws the app icons of the web app manifest from one SVG design (the favicon's: a white "P" on the
 * magazine's red) and writes PNGs to public/icons/ with Debian's Chromium (CHROME_PATH, default
 * /usr/bin/chromium): 192 and 512 px ("any": rounded corners, transparent outside), 512 px "maskable"
 * (full bleed, the letter inside the 80 % safe zone that launchers may crop to), 180 px for iOS.
 * The PNGs are committed; run this again only when the design changes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';

const RED = '#c8102e';
const outDir = resolve(import.meta.dirname, '../../public/icons');

/** viewBox 100×100. `letterScale` shrinks the letter for the maskable safe zone. */
function design({ rounded, letterScale }: { rounded: boolean; letterScale: number }): string {
  const size = 72 * letterScale;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="${rounded ? 22 : 0}" fill="${RED}"/>
  <text x="50" y="${50 + size * 0.36}" font-family="Georgia, 'DejaVu Serif', serif" font-size="${size}" font-weight="bold"
    text-anchor="middle" fill="#fff">P</text>
</svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, letterScale: 1 },
  { file: 'icon-512.png', size: 512, rounded: true, letterScale: 1 },
  { file: 'icon-maskable-512.png', size: 512, rounded: false, letterScale: 0.72 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, letterScale: 0.9 },
];

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${design(icon).replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`,
    );
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    await writeFile(join(outDir, icon.file), png);
    console.log(`public/icons/${icon.file} (${icon.size}×${icon.size}, ${png.byteLength} bytes)`);
  }
} finally {
  await browser.close();
}
