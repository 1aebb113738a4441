// Makes the PNG icons a phone shows for an installed guest page (the manifest of a table's menu,
// apps/server/src/modules/menu/guest-page.ts, and guest.html's apple-touch-icon) from the mark of
// apps/web/public/favicon.svg. Run once after changing the mark: node scripts/make-app-icons.mjs
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps/web/public/icons');
const TEAL = '#0f766e';
// The favicon's mark (a T) on its 32-unit grid.
const MARK =
  '<path d="M9 10h14M16 10v13" stroke="#fff" stroke-width="3.5" stroke-linecap="round" fill="none"/>';

/** The favicon as it is: a rounded tile, transparent at the corners. */
const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${TEAL}"/>${MARK}</svg>`;

/**
 * Full-bleed, the mark inside the middle 60 %: the launcher cuts its own shape (a circle, a
 * squircle) and keeps at least the middle 80 % (the maskable icon's safe zone); iOS rounds it too.
 */
const bleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${TEAL}"/><g transform="translate(16 16.5) scale(0.72) translate(-16 -16.5)">${MARK}</g></svg>`;

const icons = [
  { file: 'tavolo-192.png', svg: tile, size: 192 },
  { file: 'tavolo-512.png', svg: tile, size: 512 },
  { file: 'tavolo-maskable-512.png', svg: bleed, size: 512 },
  { file: 'apple-touch-icon.png', svg: bleed, size: 180 },
];
for (const { file, svg, size } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, file));
  console.log(`${file} ${size}×${size}`);
}
