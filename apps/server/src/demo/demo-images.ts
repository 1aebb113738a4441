import sharp from 'sharp';

/**
 * Placeholder photos for the demo menu: a warm gradient, a plate seen from above and the dish's
 * initials, drawn as SVG and encoded to WebP the way uploads are stored. No photos ship with the
 * repository; these are made on the spot.
 */

export const DEMO_IMAGE_WIDTH = 800;
export const DEMO_IMAGE_HEIGHT = 600;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Up to two capital letters from the dish's main words ("Cacio e pepe" → "CP"). */
export function initialsOf(name: string): string {
  const words = name
    .replace(/['’]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 2 || /^[A-Z]/.test(w));
  const letters = (words.length > 0 ? words : [name]).map((w) => w[0]!.toUpperCase());
  return letters.slice(0, 2).join('');
}

/** A small, stable number from a string: varies the drawing from dish to dish. */
function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function dishSvg(name: string, hue: number): string {
  const h = hashOf(name);
  const tilt = (h % 40) - 20;
  const food = (hue + (h % 30) - 15 + 360) % 360;
  const width = DEMO_IMAGE_WIDTH;
  const height = DEMO_IMAGE_HEIGHT;
  const crumbs = Array.from({ length: 7 }, (_, i) => {
    const angle = ((h >>> i) % 360) * (Math.PI / 180) + i;
    const r = 135 + ((h >>> (i + 3)) % 25);
    const cx = 400 + Math.cos(angle) * r;
    const cy = 290 + Math.sin(angle) * r * 0.9;
    return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${6 + ((h >>> i) % 8)}" fill="hsl(${(food + 40 * i) % 360} 55% 42%)" opacity="0.85"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue} 70% 62%)"/>
      <stop offset="1" stop-color="hsl(${(hue + 345) % 360} 65% 36%)"/>
    </linearGradient>
    <radialGradient id="plate" cx="0.45" cy="0.4" r="0.7">
      <stop offset="0" stop-color="#ffffff"/>
      <stop offset="1" stop-color="#e9e4dc"/>
    </radialGradient>
    <radialGradient id="food" cx="0.4" cy="0.35" r="0.75">
      <stop offset="0" stop-color="hsl(${food} 75% 62%)"/>
      <stop offset="1" stop-color="hsl(${food} 70% 36%)"/>
    </radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <rect x="-40" y="430" width="${width + 80}" height="60" fill="#ffffff" opacity="0.08" transform="rotate(${tilt / 4} 400 460)"/>
  <ellipse cx="412" cy="312" rx="215" ry="200" fill="#000000" opacity="0.22"/>
  <circle cx="400" cy="295" r="205" fill="url(#plate)"/>
  <circle cx="400" cy="295" r="150" fill="none" stroke="#d8d0c4" stroke-width="3"/>
  <ellipse cx="400" cy="292" rx="125" ry="112" fill="url(#food)" transform="rotate(${tilt} 400 292)"/>
  ${crumbs}
  <text x="400" y="330" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-weight="bold" font-size="108" fill="#ffffff" opacity="0.92">${escapeXml(initialsOf(name))}</text>
  <text x="400" y="565" text-anchor="middle" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="34" fill="#ffffff" opacity="0.9">${escapeXml(name)}</text>
</svg>`;
}

function logoSvg(name: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="96" fill="hsl(14 62% 40%)"/>
  <circle cx="256" cy="230" r="150" fill="none" stroke="#fff3e0" stroke-width="14"/>
  <text x="256" y="285" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-weight="bold" font-size="150" fill="#fff3e0">${escapeXml(initialsOf(name))}</text>
  <text x="256" y="455" text-anchor="middle" font-family="DejaVu Sans, Helvetica, sans-serif" font-size="40" fill="#fff3e0">${escapeXml(name)}</text>
</svg>`;
}

function bannerSvg(name: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600" viewBox="0 0 1600 600">
  <defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="0.6">
    <stop offset="0" stop-color="hsl(32 80% 58%)"/><stop offset="1" stop-color="hsl(8 62% 34%)"/>
  </linearGradient></defs>
  <rect width="1600" height="600" fill="url(#b)"/>
  ${Array.from({ length: 9 }, (_, i) => `<circle cx="${120 + i * 170}" cy="${120 + ((i * 97) % 360)}" r="${40 + ((i * 37) % 50)}" fill="#ffffff" opacity="0.07"/>`).join('')}
  <text x="800" y="330" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-weight="bold" font-size="120" fill="#fff8ee">${escapeXml(name)}</text>
  <text x="800" y="410" text-anchor="middle" font-family="DejaVu Sans, Helvetica, sans-serif" font-size="40" fill="#fff8ee" opacity="0.9">Cucina romana · dal 1987</text>
</svg>`;
}

export type RenderedImage = { data: Buffer; width: number; height: number };

async function renderSvg(svg: string): Promise<RenderedImage> {
  const { data, info } = await sharp(Buffer.from(svg))
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A dish's photo: WebP, 800 × 600. */
export function renderDishImage(name: string, hue: number): Promise<RenderedImage> {
  return renderSvg(dishSvg(name, hue));
}

export function renderLogo(name: string): Promise<RenderedImage> {
  return renderSvg(logoSvg(name));
}

export function renderBanner(name: string): Promise<RenderedImage> {
  return renderSvg(bannerSvg(name));
}
