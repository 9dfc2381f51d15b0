import sharp from 'sharp';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Simple pictograms per vertical, drawn in a 100×100 box, so that a catalogue image says what it sells. */
const GLYPHS: Record<string, string> = {
  heart: '<path d="M50 82 L20 52 A15 15 0 0 1 50 30 A15 15 0 0 1 80 52 Z"/>',
  controller:
    '<rect x="18" y="38" width="64" height="30" rx="15"/><circle cx="64" cy="50" r="4" fill="#0003"/><circle cx="72" cy="56" r="4" fill="#0003"/><rect x="28" y="50" width="14" height="4" fill="#0003"/><rect x="33" y="45" width="4" height="14" fill="#0003"/>',
  ball: '<circle cx="50" cy="52" r="28"/><path d="M50 38 l12 9 -5 14 h-14 l-5 -14 z" fill="#0003"/>',
  chip: '<circle cx="50" cy="52" r="28"/><circle cx="50" cy="52" r="16" fill="#0003"/><circle cx="50" cy="52" r="10"/>',
  coin: '<circle cx="50" cy="52" r="28"/><text x="50" y="64" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="32" font-weight="700" fill="#0004">€</text>',
  chain:
    '<rect x="16" y="42" width="36" height="20" rx="10" fill="none" stroke="#fff" stroke-width="7"/><rect x="48" y="42" width="36" height="20" rx="10" fill="none" stroke="#fff" stroke-width="7"/>',
  shield: '<path d="M50 22 L78 32 V52 C78 68 64 78 50 84 C36 78 22 68 22 52 V32 Z"/>',
  leaf: '<path d="M24 76 C24 40 48 24 80 24 C80 58 62 78 30 78 Z"/><path d="M28 74 L62 40" stroke="#0003" stroke-width="4"/>',
  star: '<path d="M50 20 L59 42 L82 43 L64 58 L70 80 L50 67 L30 80 L36 58 L18 43 L41 42 Z"/>',
  gift: '<rect x="22" y="44" width="56" height="36" rx="3"/><rect x="18" y="34" width="64" height="12" rx="3"/><rect x="46" y="34" width="8" height="46" fill="#0003"/>',
  bag: '<path d="M24 38 H76 L72 82 H28 Z"/><path d="M38 38 V32 A12 12 0 0 1 62 32 V38" fill="none" stroke="#fff" stroke-width="5"/>',
  book: '<path d="M20 30 H46 A4 4 0 0 1 50 34 V80 A4 4 0 0 0 46 76 H20 Z"/><path d="M80 30 H54 A4 4 0 0 0 50 34 V80 A4 4 0 0 1 54 76 H80 Z"/>',
  plane:
    '<path d="M50 18 L56 44 L84 58 V64 L56 56 L54 74 L62 80 V84 L50 80 L38 84 V80 L46 74 L44 56 L16 64 V58 L44 44 Z"/>',
  phone: '<rect x="32" y="18" width="36" height="66" rx="6"/><rect x="37" y="26" width="26" height="46" fill="#0003"/>',
  gear: '<circle cx="50" cy="52" r="20"/><circle cx="50" cy="52" r="8" fill="#0003"/><path d="M46 22 h8 v10 h-8z M46 72 h8 v10 h-8z M20 48 v8 h10 v-8z M70 48 v8 h10 v-8z"/>',
};

export type PictureStyle = { from: string; to: string; glyph: keyof typeof GLYPHS | string };

/** A square offer picture (rendered at 500 px so that 250×250 looks sharp on dense screens). */
export async function offerPicturePng(title: string, style: PictureStyle, size = 500): Promise<Buffer> {
  const glyph = GLYPHS[style.glyph] ?? GLYPHS.star;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${style.from}"/><stop offset="1" stop-color="${style.to}"/></linearGradient></defs>
  <rect width="100" height="100" fill="url(#g)"/>
  <circle cx="84" cy="14" r="26" fill="#fff" fill-opacity="0.10"/>
  <g transform="translate(25 6) scale(0.5)" fill="#fff" fill-opacity="0.92">${glyph}</g>
  <text x="50" y="76" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="${title.length > 12 ? 8 : 10}" font-weight="700" fill="#fff">${escapeXml(title)}</text>
  <rect x="38" y="84" width="24" height="2" rx="1" fill="#fff" fill-opacity="0.6"/>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}

/** An advertiser product logo: initials on a rounded tile. */
export async function productLogoPng(initials: string, color: string, size = 192): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <rect x="4" y="4" width="92" height="92" rx="22" fill="${color}"/>
  <text x="50" y="63" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" font-weight="700" fill="#fff">${escapeXml(initials)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}

/** A display banner of the brand (decision 050): the IAB sizes partners place, 300×250 and 728×90. */
export async function bannerPng(title: string, style: PictureStyle, width: number, height: number): Promise<Buffer> {
  const glyph = GLYPHS[style.glyph] ?? GLYPHS.star;
  const wide = width / height > 3;
  const glyphSize = wide ? height * 0.8 : height * 0.4;
  const font = Math.round(wide ? height * 0.32 : height * 0.12);
  const textX = wide ? glyphSize + height * 0.3 : width / 2;
  const textY = wide ? height * 0.6 : height * 0.7;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${style.from}"/><stop offset="1" stop-color="${style.to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <g transform="translate(${wide ? height * 0.1 : (width - glyphSize) / 2} ${wide ? height * 0.1 : height * 0.12}) scale(${glyphSize / 100})" fill="#fff" fill-opacity="0.92">${glyph}</g>
  <text x="${textX}" y="${textY}" text-anchor="${wide ? 'start' : 'middle'}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${font}" font-weight="700" fill="#fff">${escapeXml(title)}</text>
  <rect x="${wide ? width - height * 1.9 : width / 2 - 60}" y="${wide ? height * 0.28 : height * 0.78}" width="120" height="${wide ? height * 0.44 : 34}" rx="8" fill="#fff"/>
  <text x="${wide ? width - height * 1.9 + 60 : width / 2}" y="${wide ? height * 0.58 : height * 0.78 + 23}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="16" font-weight="700" fill="${style.from}">Start now</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}
