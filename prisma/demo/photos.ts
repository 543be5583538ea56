// Demo listings' photos, drawn at seed time (no files shipped, no network): a
// few flat illustrations per kind of room or view, tinted with the listing's
// colour, saved through the image storage exactly as an upload is (full size,
// thumbnail and the responsive copies the gallery serves). The same scene and
// colour always give the same bytes, so screenshots of them compare.
import sharp from 'sharp';
import { RESPONSIVE_WIDTHS, type ImageVariant } from '../../server/uploads/image-processing';
import type { ImageStorage } from '../../server/uploads/image-storage';

export type Scene = 'exterior' | 'living' | 'kitchen' | 'bedroom' | 'bathroom' | 'garden' | 'field' | 'shopfront' | 'interior' | 'street';

/** 4:3, as the gallery's frame; the responsive copies stop at this width (no enlarging). */
const WIDTH = 960;
const HEIGHT = 720;

const svg = (body: string, sky: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 960 720"><rect width="960" height="720" fill="${sky}"/>${body}</svg>`;

/** A window onto the sky with a frame and a cross bar. */
const windowAt = (x: number, y: number, w: number, h: number, frame: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#cfe8f7" stroke="${frame}" stroke-width="10"/><line x1="${x + w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y + h}" stroke="${frame}" stroke-width="6"/><line x1="${x}" y1="${y + h / 2}" x2="${x + w}" y2="${y + h / 2}" stroke="${frame}" stroke-width="6"/>`;

const tree = (x: number, y: number, size: number, leaf: string) =>
  `<rect x="${x - size * 0.08}" y="${y}" width="${size * 0.16}" height="${size * 0.7}" fill="#7a5230"/><circle cx="${x}" cy="${y - size * 0.1}" r="${size * 0.45}" fill="${leaf}"/>`;

const SCENES: Record<Scene, (colour: string) => string> = {
  exterior: (c) =>
    svg(
      `<circle cx="820" cy="120" r="60" fill="#fde68a"/><rect y="520" width="960" height="200" fill="#6aa56a"/>
       <polygon points="480,130 200,330 760,330" fill="${c}"/><rect x="250" y="330" width="460" height="260" fill="#f8f4ec"/>
       <rect x="440" y="450" width="80" height="140" fill="${c}"/>${windowAt(290, 380, 110, 90, '#ffffff')}${windowAt(560, 380, 110, 90, '#ffffff')}
       ${tree(130, 430, 150, '#3f7d4e')}${tree(850, 450, 130, '#4d8f5c')}<rect x="420" y="590" width="120" height="130" fill="#d6cfc2"/>`,
      '#bfe3f5',
    ),
  living: (c) =>
    svg(
      `<rect y="520" width="960" height="200" fill="#c8a97e"/>${windowAt(330, 110, 300, 220, '#ffffff')}
       <rect x="200" y="400" width="560" height="150" rx="30" fill="${c}"/><rect x="170" y="370" width="70" height="190" rx="25" fill="${c}"/><rect x="720" y="370" width="70" height="190" rx="25" fill="${c}"/>
       <rect x="360" y="600" width="240" height="30" rx="8" fill="#8b6b4a"/><rect x="830" y="250" width="10" height="300" fill="#444"/><polygon points="800,250 870,250 850,200 820,200" fill="#fcd34d"/>
       <rect x="90" y="170" width="120" height="90" fill="#f5f5f4" stroke="#a8a29e" stroke-width="6"/>`,
      '#f3efe7',
    ),
  kitchen: (c) =>
    svg(
      `<rect y="430" width="960" height="290" fill="#e7e5e4"/><rect x="60" y="120" width="840" height="140" fill="${c}"/>
       ${[0, 1, 2, 3].map((i) => `<line x1="${60 + i * 210 + 210}" y1="120" x2="${60 + i * 210 + 210}" y2="260" stroke="#00000033" stroke-width="4"/>`).join('')}
       <rect x="60" y="380" width="840" height="40" fill="#57534e"/><rect x="60" y="420" width="840" height="230" fill="${c}"/>
       <rect x="400" y="330" width="140" height="50" rx="6" fill="#a8a29e"/><circle cx="250" cy="350" r="26" fill="#f97316"/><circle cx="700" cy="360" r="18" fill="#84cc16"/>`,
      '#faf7f2',
    ),
  bedroom: (c) =>
    svg(
      `<rect y="540" width="960" height="180" fill="#b89b7a"/>${windowAt(620, 120, 220, 200, '#ffffff')}
       <rect x="140" y="300" width="420" height="120" rx="18" fill="#8b6b4a"/><rect x="120" y="420" width="520" height="170" rx="16" fill="#f8fafc"/>
       <rect x="120" y="470" width="520" height="120" rx="16" fill="${c}"/><rect x="170" y="380" width="150" height="60" rx="20" fill="#ffffff"/><rect x="350" y="380" width="150" height="60" rx="20" fill="#ffffff"/>
       <rect x="680" y="460" width="120" height="110" fill="#a16207"/><circle cx="740" cy="440" r="22" fill="#fde68a"/>`,
      '#eef2f7',
    ),
  bathroom: (c) =>
    svg(
      `<rect y="0" width="960" height="720" fill="#e0f2fe"/>${[0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => `<line x1="${i * 120}" y1="0" x2="${i * 120}" y2="430" stroke="#bae6fd" stroke-width="4"/>`).join('')}
       <rect y="430" width="960" height="290" fill="#cbd5e1"/><rect x="120" y="380" width="480" height="170" rx="60" fill="#ffffff" stroke="${c}" stroke-width="12"/>
       <rect x="700" y="160" width="160" height="200" rx="12" fill="#f8fafc" stroke="${c}" stroke-width="8"/><rect x="720" y="400" width="120" height="160" fill="${c}"/>
       <rect x="170" y="250" width="16" height="140" fill="#94a3b8"/><circle cx="178" cy="250" r="24" fill="#94a3b8"/>`,
      '#e0f2fe',
    ),
  garden: (c) =>
    svg(
      `<circle cx="150" cy="110" r="55" fill="#fde68a"/><rect y="400" width="960" height="320" fill="#7bb661"/>
       <rect x="520" y="230" width="380" height="200" fill="#f8f4ec"/><polygon points="500,240 710,110 920,240" fill="${c}"/>
       ${tree(160, 360, 180, '#2f7d4b')}${tree(360, 390, 120, '#4a9a5c')}<ellipse cx="330" cy="600" rx="170" ry="50" fill="#5aa0d8"/>
       ${[0, 1, 2, 3, 4, 5].map((i) => `<circle cx="${560 + i * 60}" cy="520" r="16" fill="${i % 2 ? '#f472b6' : '#facc15'}"/>`).join('')}`,
      '#cde9f6',
    ),
  field: (c) =>
    svg(
      `<rect y="330" width="960" height="390" fill="#8fbf5a"/>${[0, 1, 2, 3, 4, 5, 6].map((i) => `<path d="M0 ${380 + i * 50} Q480 ${340 + i * 55} 960 ${380 + i * 50}" stroke="#6a9a3f" stroke-width="10" fill="none"/>`).join('')}
       <polygon points="0,330 180,200 360,330" fill="#7c9c8a"/><polygon points="260,330 520,170 780,330" fill="#6b8b7a"/>
       ${tree(820, 280, 140, '#2f6b3b')}${tree(90, 300, 100, '#3f7d4e')}<rect x="600" y="470" width="12" height="130" fill="#78350f"/><rect x="560" y="470" width="130" height="60" fill="${c}"/>`,
      '#d8ecf7',
    ),
  shopfront: (c) =>
    svg(
      `<rect y="600" width="960" height="120" fill="#9ca3af"/><rect x="80" y="90" width="800" height="510" fill="#e7e5e4"/>
       <rect x="80" y="90" width="800" height="90" fill="${c}"/><rect x="130" y="115" width="400" height="40" rx="6" fill="#ffffff"/>
       ${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<rect x="${80 + i * 100}" y="180" width="100" height="60" fill="${i % 2 ? c : '#ffffff'}"/>`).join('')}
       <rect x="130" y="290" width="430" height="260" fill="#cfe8f7" stroke="#57534e" stroke-width="10"/><rect x="630" y="290" width="180" height="310" fill="#57534e"/>`,
      '#dbeafe',
    ),
  interior: (c) =>
    svg(
      `<rect y="520" width="960" height="200" fill="#d6d3d1"/>${[0, 1, 2].map((i) => `<rect x="${90 + i * 280}" y="160" width="220" height="340" fill="#a8a29e"/>${[0, 1, 2].map((j) => `<rect x="${100 + i * 280}" y="${180 + j * 110}" width="200" height="70" fill="${j === 1 ? c : '#f5f5f4'}"/>`).join('')}`).join('')}
       <rect x="0" y="80" width="960" height="30" fill="#78716c"/>${[0, 1, 2, 3].map((i) => `<circle cx="${160 + i * 220}" cy="120" r="16" fill="#fde68a"/>`).join('')}`,
      '#f5f5f4',
    ),
  street: (c) =>
    svg(
      `<rect y="560" width="960" height="160" fill="#6b7280"/><rect y="540" width="960" height="20" fill="#d1d5db"/>
       ${[0, 1, 2, 3].map((i) => `<rect x="${20 + i * 240}" y="${180 + (i % 2) * 60}" width="220" height="${360 - (i % 2) * 60}" fill="${i === 1 ? c : ['#e7e5e4', '#fef3c7', '#e0e7ff', '#fee2e2'][i]}"/>${windowAt(60 + i * 240, 240 + (i % 2) * 60, 60, 60, '#ffffff')}${windowAt(150 + i * 240, 240 + (i % 2) * 60, 60, 60, '#ffffff')}`).join('')}
       ${[0, 1, 2, 3, 4].map((i) => `<rect x="${40 + i * 200}" y="635" width="110" height="12" fill="#f9fafb"/>`).join('')}`,
      '#bfdbfe',
    ),
};

/**
 * Draws `scene` in `colour` and stores it as an upload is stored (full size,
 * thumbnail, each responsive width in WebP and JPEG); returns its URL. Cheaper
 * than an upload's processing, which matters with fifty photos at start-up: the
 * drawing is already clean (nothing to strip) and no wider than 960 px, so the
 * 960 px copies serve as the full image and as the 1600 px copies (an upload's
 * are never enlarged either).
 */
export async function storeDemoPhoto(storage: ImageStorage, scene: Scene, colour: string): Promise<string> {
  const drawn = sharp(Buffer.from(SCENES[scene](colour)));
  const small = drawn.clone().resize({ width: 480 });
  const [webp, jpeg, smallWebp, smallJpeg, thumbnail] = await Promise.all([
    drawn.clone().webp({ quality: 78 }).toBuffer(),
    drawn.clone().jpeg({ quality: 80 }).toBuffer(),
    small.clone().webp({ quality: 78 }).toBuffer(),
    small.clone().jpeg({ quality: 80 }).toBuffer(),
    drawn.clone().resize({ width: 640, height: 480, fit: 'cover' }).webp({ quality: 75 }).toBuffer(),
  ]);
  const variants: ImageVariant[] = RESPONSIVE_WIDTHS.flatMap((width) => [
    { width, format: 'webp' as const, bytes: width === 480 ? smallWebp : webp },
    { width, format: 'jpg' as const, bytes: width === 480 ? smallJpeg : jpeg },
  ]);
  return (await storage.save({ full: webp, thumbnail, extension: 'webp', variants })).url;
}
