import sharp from 'sharp';

export type NewsMotif = 'chart' | 'coins' | 'globe' | 'shield' | 'bolt' | 'calendar' | 'megaphone' | 'gift';

/** A simple pictogram per theme, drawn in a 200×200 box, so that news cards are told apart at a glance. */
const MOTIFS: Record<NewsMotif, string> = {
  chart: `<rect x="20" y="120" width="30" height="60" rx="4"/><rect x="65" y="90" width="30" height="90" rx="4"/>
    <rect x="110" y="60" width="30" height="120" rx="4"/><rect x="155" y="25" width="30" height="155" rx="4"/>`,
  coins: `<ellipse cx="80" cy="150" rx="60" ry="22"/><ellipse cx="80" cy="120" rx="60" ry="22"/>
    <ellipse cx="80" cy="90" rx="60" ry="22"/><circle cx="150" cy="70" r="40"/>`,
  globe: `<circle cx="100" cy="100" r="80" fill-opacity="0.5"/><ellipse cx="100" cy="100" rx="35" ry="80" fill="none" stroke="#fff" stroke-width="8"/>
    <path d="M20 100h160M35 60h130M35 140h130" stroke="#fff" stroke-width="8"/>`,
  shield: `<path d="M100 15l70 25v55c0 45-30 75-70 90c-40-15-70-45-70-90V40z"/>
    <path d="M65 100l25 25l45-50" fill="none" stroke-opacity="0.6" stroke="#000" stroke-width="14"/>`,
  bolt: `<path d="M115 10L40 115h50l-15 75l85-110h-52z"/>`,
  calendar: `<rect x="25" y="40" width="150" height="140" rx="14"/><rect x="25" y="40" width="150" height="35" rx="10" fill-opacity="0.6"/>
    <rect x="55" y="20" width="14" height="40" rx="6"/><rect x="131" y="20" width="14" height="40" rx="6"/>`,
  megaphone: `<path d="M30 80h40l90-50v140l-90-50H30z"/><rect x="60" y="120" width="25" height="55" rx="8"/>`,
  gift: `<rect x="30" y="80" width="140" height="100" rx="8"/><rect x="20" y="55" width="160" height="35" rx="6"/>
    <rect x="92" y="55" width="16" height="125" fill-opacity="0.5"/><circle cx="80" cy="45" r="18"/><circle cx="120" cy="45" r="18"/>`,
};

/**
 * A news illustration rendered at seed time (no downloads): a diagonal gradient, soft circles and
 * the theme's pictogram. No text: the card and the modal already show the title next to it, and a
 * picture without words survives any crop. 1200×675 (16:9).
 */
export async function newsPicturePng(
  motif: NewsMotif,
  from: string,
  to: string,
  width = 1200,
  height = 675,
): Promise<Buffer> {
  const scale = (height * 0.6) / 200;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width * 0.1}" cy="${height * 0.1}" r="${height * 0.3}" fill="#fff" fill-opacity="0.08"/>
  <circle cx="${width * 0.95}" cy="${height * 0.95}" r="${height * 0.45}" fill="#000" fill-opacity="0.08"/>
  <circle cx="${width * 0.5}" cy="${height * 0.5}" r="${height * 0.38}" fill="#fff" fill-opacity="0.1"/>
  <g transform="translate(${width / 2 - 100 * scale} ${height / 2 - 100 * scale}) scale(${scale})" fill="#fff" fill-opacity="0.92">${MOTIFS[motif]}</g>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
