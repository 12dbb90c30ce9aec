/**
 * Demo items for a fresh database: sixteen believable things shared around lower Manhattan,
 * Brooklyn and Jersey City. The machine that seeds may be offline, so every picture is an SVG
 * illustration drawn here in code (1200x900, no external references) and rendered by the server.
 */

export interface DemoItem {
  owner: 'alice' | 'bob' | 'carmen';
  /** 3..120 characters. */
  title: string;
  /** 10..600 characters, written like a neighbour would. */
  description: string;
  /** 1..5 tags. */
  tags: string[];
  latitude: number;
  longitude: number;
  /** How long ago the item was posted, so "newest first" has an order. */
  ageHours: number;
  /** The picture: an SVG document, viewBox 0 0 1200 900. */
  svg: string;
}

// ---------------------------------------------------------------------------------------------
// SVG helpers

type Stop = readonly [offset: number, color: string, opacity?: number];
type Point = readonly [number, number];

const FONT = 'DejaVu Sans, Arial, sans-serif';

/** Rounds a coordinate to one decimal so the markup stays short. */
const n = (v: number): string => String(Math.round(v * 10) / 10);
const pt = ([x, y]: Point): string => `${n(x)},${n(y)}`;
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

function stopsOf(stops: readonly Stop[]): string {
  return stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
    .join('');
}

/** Linear gradient in the shape's own box (0..1); top to bottom unless told. */
function lin(id: string, stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsOf(stops)}</linearGradient>`;
}

/** Left-to-right linear gradient, the usual way to make a cylinder or a rounded edge. */
const linH = (id: string, stops: readonly Stop[]): string => lin(id, stops, 0, 0, 1, 0);

/** Radial gradient in the shape's own box. */
function rad(id: string, stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy): string {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">${stopsOf(stops)}</radialGradient>`;
}

/** Radial gradient in picture coordinates, shared seamlessly by overlapping shapes. */
function radU(id: string, stops: readonly Stop[], cx: number, cy: number, r: number): string {
  return `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${cx}" cy="${cy}" r="${r}">${stopsOf(stops)}</radialGradient>`;
}

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = ''): string =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
const rrect = (x: number, y: number, w: number, h: number, r: number, fill: string, extra = ''): string =>
  rect(x, y, w, h, fill, `rx="${r}"${extra ? ` ${extra}` : ''}`);
const circle = (cx: number, cy: number, r: number, fill: string, extra = ''): string =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
const path = (d: string, fill: string, extra = ''): string => `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
const line = (a: Point, b: Point, stroke: string, width: number, extra = ''): string =>
  `<line x1="${n(a[0])}" y1="${n(a[1])}" x2="${n(b[0])}" y2="${n(b[1])}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"${extra ? ` ${extra}` : ''}/>`;
const polygon = (pts: readonly Point[], fill: string, extra = ''): string =>
  `<polygon points="${pts.map(pt).join(' ')}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

/** Point on a circle; degrees clockwise from 3 o'clock (SVG's y points down). */
function polar(cx: number, cy: number, r: number, deg: number): Point {
  const a = (deg * Math.PI) / 180;
  return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
}

/** Small deterministic random generator, so the pictures are identical on every start. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Soft shadow on the ground: a wide blurred ellipse plus a darker contact shadow. */
function shadow(cx: number, cy: number, rx: number, ry = rx * 0.12, opacity = 0.35): string {
  return (
    ellipse(cx, cy, rx, ry, '#000', `opacity="${n(opacity * 0.6)}" filter="url(#soft)"`) +
    ellipse(cx, cy, rx * 0.82, ry * 0.5, '#000', `opacity="${n(opacity)}" filter="url(#blur)"`)
  );
}

interface Backdrop {
  wall: readonly [string, string];
  /** Floor or table top, from the horizon line down. */
  floor: readonly [string, string];
  /** y of the wall/floor line; 640 unless told. */
  horizon?: number;
  /** Soft light on the wall: centre, colour, strength. */
  glow?: readonly [cx: number, cy: number, color: string, opacity: number];
  /** Front edge colour when the surface is a table or counter. */
  tableEdge?: string;
  /** Colour of floorboard / wood-grain lines. */
  grain?: string;
}

/** Wraps content in a softly lit room: wall, floor or table top, light, vignette. */
function scene(bg: Backdrop, defs: string, body: string): string {
  const h = bg.horizon ?? 640;
  const [gx, gy, gc, go] = bg.glow ?? [380, 150, '#ffffff', 0.5];
  let grain = '';
  if (bg.grain) {
    for (let k = 1; k <= 6; k++) {
      const y = h + (900 - h) * Math.pow(k / 7, 1.5);
      grain += rect(0, y, 1200, 2, bg.grain, 'opacity="0.35"');
    }
  }
  const edge = bg.tableEdge
    ? rect(0, 852, 1200, 48, bg.tableEdge) + rect(0, 852, 1200, 4, '#fff', 'opacity="0.18"')
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900">
<defs>
${lin('bgWall', [[0, bg.wall[0]], [1, bg.wall[1]]])}
${lin('bgFloor', [[0, bg.floor[0]], [1, bg.floor[1]]])}
${rad('bgGlow', [[0, gc, go], [1, gc, 0]])}
${rad('bgVignette', [[0.55, '#000', 0], [1, '#000', 0.28]], 0.5, 0.5, 0.75)}
${lin('bgFloorShade', [[0, '#000', 0.18], [0.25, '#000', 0]])}
<filter id="soft" filterUnits="userSpaceOnUse" x="0" y="0" width="1200" height="900"><feGaussianBlur stdDeviation="14"/></filter>
<filter id="blur" filterUnits="userSpaceOnUse" x="0" y="0" width="1200" height="900"><feGaussianBlur stdDeviation="5"/></filter>
<filter id="haze" filterUnits="userSpaceOnUse" x="0" y="0" width="1200" height="900"><feGaussianBlur stdDeviation="28"/></filter>
${defs}
</defs>
${rect(0, 0, 1200, h, 'url(#bgWall)')}
${ellipse(gx, gy, 760, 560, 'url(#bgGlow)')}
${rect(0, h, 1200, 900 - h, 'url(#bgFloor)')}
${grain}
${rect(0, h, 1200, 900 - h, 'url(#bgFloorShade)')}
${rect(0, h - 3, 1200, 6, '#000', 'opacity="0.12"')}
${edge}
${body}
${rect(0, 0, 1200, 900, 'url(#bgVignette)')}
</svg>`;
}

/** An isometric cube standing on its front-bottom corner (x, y); deco is drawn in each face's own 0..s square. */
function cube(
  x: number,
  y: number,
  s: number,
  [top, left, right]: readonly [string, string, string],
  deco: readonly [string, string, string] = ['', '', ''],
): string {
  const c = 0.866 * s;
  const hs = 0.5 * s;
  const FB: Point = [x, y];
  const LB: Point = [x - c, y - hs];
  const RB: Point = [x + c, y - hs];
  const FT: Point = [x, y - s];
  const LT: Point = [x - c, y - hs - s];
  const RT: Point = [x + c, y - hs - s];
  const BT: Point = [x, y - 2 * s];
  const edge = 'stroke="#fff" stroke-opacity="0.35" stroke-width="3" fill="none" stroke-linejoin="round"';
  return `<g>${polygon([FT, LT, BT, RT], top)}${polygon([FB, LB, LT, FT], left)}${polygon([FB, RB, RT, FT], right)}
<g transform="matrix(0.866 -0.5 0.866 0.5 ${n(LT[0])} ${n(LT[1])})">${deco[0]}</g>
<g transform="matrix(0.866 0.5 0 1 ${n(LT[0])} ${n(LT[1])})">${deco[1]}</g>
<g transform="matrix(0.866 -0.5 0 1 ${n(FT[0])} ${n(FT[1])})">${deco[2]}</g>
<polyline points="${[LT, FT, RT].map(pt).join(' ')}" ${edge}/>${line(FT, FB, '#fff', 3, 'stroke-opacity="0.25"')}</g>`;
}

/** A letter as it would be painted on a face of a toy block. */
const blockLetter = (s: number, letter: string, color: string): string =>
  rrect(s * 0.1, s * 0.1, s * 0.8, s * 0.8, s * 0.08, 'none', `stroke="${color}" stroke-width="${n(s * 0.05)}"`) +
  `<text x="${n(s / 2)}" y="${n(s * 0.75)}" font-size="${n(s * 0.62)}" font-weight="bold" text-anchor="middle" font-family="${FONT}" fill="${color}">${letter}</text>`;

/** Die pips on a face of size s. */
function pips(s: number, count: number): string {
  const a = s * 0.25;
  const b = s * 0.5;
  const c = s * 0.75;
  const layouts: Record<number, Point[]> = {
    1: [[b, b]],
    2: [[a, a], [c, c]],
    3: [[a, a], [b, b], [c, c]],
    4: [[a, a], [c, a], [a, c], [c, c]],
    5: [[a, a], [c, a], [b, b], [a, c], [c, c]],
    6: [[a, a], [c, a], [a, b], [c, b], [a, c], [c, c]],
  };
  return (layouts[count] ?? []).map(([x, y]) => circle(x, y, s * 0.09, '#222')).join('');
}

/** A leaf with its base at (0, 0) pointing up, length len, width w, with a midrib and veins. */
function leaf(x: number, y: number, angle: number, len: number, w: number, fill: string, vein: string): string {
  const d = `M0 0 C${n(w * 0.62)} ${n(-len * 0.12)} ${n(w * 0.58)} ${n(-len * 0.78)} 0 ${n(-len)} C${n(-w * 0.58)} ${n(-len * 0.78)} ${n(-w * 0.62)} ${n(-len * 0.12)} 0 0Z`;
  let veins = '';
  for (const t of [0.25, 0.42, 0.59, 0.76]) {
    const y0 = -len * t;
    veins += `<path d="M0 ${n(y0)} Q${n(w * 0.2)} ${n(y0 - len * 0.05)} ${n(w * 0.36)} ${n(y0 - len * 0.14)} M0 ${n(y0)} Q${n(-w * 0.2)} ${n(y0 - len * 0.05)} ${n(-w * 0.36)} ${n(y0 - len * 0.14)}" stroke="${vein}" stroke-width="2" fill="none" opacity="0.45"/>`;
  }
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${angle})">${path(d, fill)}${line([0, -4], [0, -len * 0.95], vein, 3, 'opacity="0.7"')}${veins}</g>`;
}

// ---------------------------------------------------------------------------------------------
// The pictures

function armchair(): string {
  const defs = [
    lin('back', [[0, '#f2c45e'], [1, '#c88b22']]),
    linH('arm', [[0, '#b47a1c'], [0.45, '#eab450'], [1, '#c48a24']]),
    lin('seat', [[0, '#f7cf70'], [1, '#d39a2e']]),
    lin('apron', [[0, '#d79f33'], [1, '#a96f16']]),
    linH('wood', [[0, '#4a2c17'], [0.5, '#8a5a34'], [1, '#4a2c17']]),
    lin('pillow', [[0, '#3f8f8c'], [1, '#2a6664']]),
    lin('rug', [[0, '#efe5d3'], [1, '#e2d3ba']]),
  ].join('');
  const buttons = [330, 430]
    .flatMap((y) => [490, 563, 637, 710].map((x) => circle(x, y, 7, '#9d6815') + circle(x - 2, y - 2, 2.5, '#f7d68a')))
    .join('');
  const leg = (pts: readonly Point[]) => polygon(pts, 'url(#wood)');
  return scene(
    { wall: ['#e3ebdf', '#c2d2bf'], floor: ['#c9a27a', '#a57a52'], grain: '#8a633f' },
    defs,
    `${polygon([[230, 690], [970, 690], [1080, 840], [120, 840]], 'url(#rug)')}
${[720, 760, 800].map((y) => {
  const inset = ((y - 690) / 150) * 110;
  return rect(250 - inset, y, 700 + inset * 2, 8, '#c9b58f', 'opacity="0.6"');
}).join('')}
${shadow(600, 752, 340, 34, 0.4)}
${leg([[466, 640], [484, 640], [478, 712], [466, 712]])}${leg([[716, 640], [734, 640], [734, 712], [722, 712]])}
${rrect(395, 236, 410, 370, 74, 'url(#back)')}
${rrect(425, 258, 350, 70, 35, '#fff', 'opacity="0.14"')}
${buttons}
<g transform="translate(548 472) rotate(-9)">${path('M-72 -62 Q0 -78 72 -62 Q86 0 72 62 Q0 76 -72 62 Q-86 0 -72 -62Z', 'url(#pillow)')}
${[-36, 0, 36].map((x) => line([x, -55], [x, 55], '#f2e2b8', 4, 'opacity="0.55"')).join('')}</g>
${rrect(440, 520, 320, 100, 36, 'url(#seat)')}
${rrect(470, 530, 260, 22, 11, '#fff', 'opacity="0.2"')}
${rrect(322, 392, 140, 285, 58, 'url(#arm)')}${rrect(738, 392, 140, 285, 58, 'url(#arm)')}
${ellipse(392, 414, 52, 16, '#fff', 'opacity="0.22"')}${ellipse(808, 414, 52, 16, '#fff', 'opacity="0.22"')}
${rrect(340, 598, 520, 86, 28, 'url(#apron)')}
${rrect(360, 604, 480, 10, 5, '#fff', 'opacity="0.18"')}
${leg([[388, 676], [420, 676], [400, 758], [384, 758]])}${leg([[780, 676], [812, 676], [816, 758], [800, 758]])}
${rect(384, 750, 16, 8, '#c9a44c')}${rect(800, 750, 16, 8, '#c9a44c')}`,
  );
}

function deskLamp(): string {
  // Shade hangs from the head at (700, 305), rotated to point down and to the right.
  const defs = [
    linH('lampMetal', [[0, '#1f6f66'], [0.4, '#3fb3a3'], [1, '#17524b']]),
    lin('lampBase', [[0, '#3fb3a3'], [1, '#1b5c55']]),
    lin('beam', [[0, '#ffe9a8', 0.5], [1, '#ffe9a8', 0]], 0, 0, 0.6, 1),
    rad('pool', [[0, '#ffe7a0', 0.55], [1, '#ffe7a0', 0]]),
    lin('mug', [[0, '#f6efe3'], [1, '#d9cdb9']], 0, 0, 1, 0),
    lin('book', [[0, '#c0533f'], [1, '#8f3424']]),
  ].join('');
  const joint = (x: number, y: number) => circle(x, y, 15, '#14443f') + circle(x - 4, y - 4, 4, '#8fe0d4');
  return scene(
    {
      wall: ['#34465f', '#1f2b3d'],
      floor: ['#8d5c3c', '#6a412a'],
      horizon: 600,
      glow: [780, 470, '#ffd98a', 0.35],
      tableEdge: '#4a2c1b',
      grain: '#5a3420',
    },
    defs,
    `${polygon([[682, 468], [846, 373], [1150, 720], [640, 720]], 'url(#beam)')}
${ellipse(900, 712, 260, 62, 'url(#pool)')}
<g transform="translate(830 700) rotate(-4)">${rrect(-130, -16, 260, 34, 6, '#f4ead6')}${rrect(-130, -28, 260, 16, 5, 'url(#book)')}</g>
${shadow(470, 722, 120, 20, 0.45)}${shadow(240, 702, 70, 14, 0.4)}
${rrect(198, 600, 88, 102, 14, 'url(#mug)')}${path('M286 622 q38 0 38 30 q0 30 -38 30', 'none', 'stroke="#d9cdb9" stroke-width="12"')}
${ellipse(242, 602, 44, 10, '#5b3a26')}${rect(214, 640, 12, 44, '#fff', 'opacity="0.35" rx="6"')}
${rrect(375, 690, 190, 24, 10, '#17524b')}${ellipse(470, 690, 95, 24, 'url(#lampBase)')}${ellipse(450, 684, 40, 8, '#fff', 'opacity="0.25"')}
${line([490, 668], [420, 420], 'url(#lampMetal)', 16)}${line([508, 660], [440, 430], '#bcd', 3, 'opacity="0.6"')}
${line([420, 420], [690, 296], 'url(#lampMetal)', 14)}${line([430, 440], [690, 318], '#bcd', 3, 'opacity="0.6"')}
${joint(490, 668)}${joint(420, 420)}
<g transform="translate(700 305) rotate(-30)">
${rrect(-24, -42, 48, 50, 12, 'url(#lampMetal)')}
${path('M-32 0 L32 0 L96 126 Q0 152 -96 126Z', 'url(#lampMetal)')}
${path('M-20 6 L-4 6 L-40 120 L-70 124Z', '#fff', 'opacity="0.2"')}
${ellipse(0, 128, 96, 22, '#fff6d2')}${ellipse(0, 126, 44, 14, '#ffffff')}</g>
${joint(690, 300)}`,
  );
}

function books(): string {
  const stack: readonly { w: number; h: number; c: string; band: string; dx: number; r: number }[] = [
    { w: 520, h: 70, c: '#2f4b7c', band: '#d9b45a', dx: 0, r: 0 },
    { w: 470, h: 56, c: '#9e3b35', band: '#f0d9a8', dx: -18, r: -1.2 },
    { w: 500, h: 62, c: '#3f6f5a', band: '#d9b45a', dx: 14, r: 0.8 },
    { w: 430, h: 48, c: '#d98e32', band: '#fff1d6', dx: -8, r: -0.8 },
    { w: 460, h: 66, c: '#5a3f6e', band: '#e7c97a', dx: 22, r: 1.4 },
    { w: 410, h: 54, c: '#e6ddc8', band: '#9e3b35', dx: -6, r: -0.6 },
  ];
  let y = 760;
  let body = '';
  for (const b of stack) {
    const cy = y - b.h / 2;
    body += `<g transform="translate(${600 + b.dx} ${n(cy)}) rotate(${b.r})">
${rrect(-b.w / 2, -b.h / 2, b.w, b.h, 9, b.c)}${rrect(-b.w / 2, -b.h / 2, b.w, b.h, 9, 'url(#bookShade)')}
${rect(-b.w / 2 + 34, -b.h / 2, 10, b.h, b.band)}${rect(-b.w / 2 + 50, -b.h / 2, 4, b.h, b.band)}
${rect(b.w / 2 - 54, -b.h / 2, 4, b.h, b.band)}${rect(b.w / 2 - 44, -b.h / 2, 10, b.h, b.band)}
${rrect(-80, -b.h * 0.22, 160, b.h * 0.44, 4, b.band, 'opacity="0.9"')}
${rect(-60, -3, 120, 3, b.c, 'opacity="0.6"')}${rect(-40, 5, 80, 2, b.c, 'opacity="0.5"')}</g>`;
    y -= b.h;
  }
  // The top cover, seen slightly from above, and a pair of reading glasses on it.
  const topY = y;
  body += polygon([[397, topY + 2], [803, topY + 2], [772, topY - 38], [428, topY - 38]], '#efe7d4');
  body += polygon([[420, topY - 30], [780, topY - 30], [772, topY - 38], [428, topY - 38]], '#fff', 'opacity="0.5"');
  body += `<g transform="translate(600 ${topY - 20})" fill="none" stroke="#2b2b2b" stroke-width="6">
${ellipse(-58, 0, 48, 17, '#bfe3ff', 'opacity="0.9" fill-opacity="0.3"')}${ellipse(58, 0, 48, 17, '#bfe3ff', 'opacity="0.9" fill-opacity="0.3"')}
<path d="M-12 -3 Q0 -12 12 -3"/><path d="M-104 -6 L-140 -24"/><path d="M104 -6 L140 -24"/></g>`;
  return scene(
    { wall: ['#f4ebde', '#e0cfb8'], floor: ['#bd8e61', '#8f6440'], horizon: 600, tableEdge: '#6b472a', grain: '#8a5e3a' },
    lin('bookShade', [[0, '#fff', 0.3], [0.18, '#fff', 0], [0.8, '#000', 0], [1, '#000', 0.35]]) +
      linH('pot', [[0, '#4d7d55'], [1, '#2f5a3a']]),
    `${shadow(600, 764, 300, 26, 0.45)}
${shadow(960, 700, 70, 12, 0.4)}${rrect(905, 600, 110, 100, 16, 'url(#pot)')}
${leaf(960, 602, -30, 110, 56, '#5aa85c', '#2f6b3a')}${leaf(960, 602, 18, 130, 60, '#4c9a52', '#2f6b3a')}${leaf(960, 602, 55, 100, 50, '#62b565', '#2f6b3a')}
${body}`,
  );
}

function wheel(cx: number, cy: number): string {
  let spokes = '';
  for (let a = 0; a < 360; a += 20) spokes += line(polar(cx, cy, 14, a), polar(cx, cy, 143, a + 12), '#c5cad1', 2);
  return `${circle(cx, cy, 160, 'none', 'stroke="#222" stroke-width="22"')}${circle(cx, cy, 160, 'none', 'stroke="#444" stroke-width="4" stroke-dasharray="6 10"')}
${circle(cx, cy, 145, 'none', 'stroke="#d7dbe0" stroke-width="7"')}${spokes}${circle(cx, cy, 16, '#9aa0a8')}${circle(cx - 4, cy - 4, 5, '#eef')}`;
}

function bicycle(): string {
  const R: Point = [350, 595];
  const F: Point = [850, 595];
  const BB: Point = [575, 612];
  const frame = 'url(#frame)';
  const fender = (c: Point) =>
    `<path d="M${pt(polar(c[0], c[1], 176, 195))} A176 176 0 0 1 ${pt(polar(c[0], c[1], 176, 330))}" fill="none" stroke="#2b8f7d" stroke-width="12" stroke-linecap="round"/>`;
  let weave = '';
  for (let x = 828; x <= 958; x += 16) weave += line([x, 322], [x + 6, 404], '#8a5a2b', 3, 'opacity="0.6"');
  for (let y = 336; y <= 396; y += 16) weave += line([822, y], [962, y], '#8a5a2b', 3, 'opacity="0.6"');
  return scene(
    { wall: ['#f7d9b4', '#e8b487'], floor: ['#c9c7c2', '#a6a49e'], horizon: 640, glow: [300, 120, '#fff3dc', 0.6] },
    `<pattern id="bricks" width="120" height="56" patternUnits="userSpaceOnUse"><path d="M0 0.5H120M0 28.5H120M30 0V28M90 28V56" stroke="#a8683f" stroke-width="3" fill="none"/></pattern>` +
      lin('frame', [[0, '#3cc2a8'], [1, '#1f8f7b']]) +
      lin('basket', [[0, '#d9a45f'], [1, '#a8702f']]),
    `${rect(0, 0, 1200, 637, 'url(#bricks)', 'opacity="0.35"')}
${[200, 420, 640, 860, 1080].map((x) => line([x, 640], [x - (x - 600) * 0.4, 900], '#8d8b85', 3, 'opacity="0.5"')).join('')}
${shadow(600, 762, 420, 30, 0.45)}
${line([560, 622], [515, 752], '#555', 8)}
${wheel(R[0], R[1])}${wheel(F[0], F[1])}${fender(R)}${fender(F)}
${line(BB, R, frame, 14)}${line([527, 410], R, frame, 12)}
${circle(BB[0], BB[1], 42, 'none', 'stroke="#777" stroke-width="9"')}${circle(R[0], R[1], 20, 'none', 'stroke="#777" stroke-width="6"')}
${line([575, 570], [350, 575], '#555', 4)}${line([575, 654], [350, 615], '#555', 4)}
${line(BB, [520, 385], frame, 18)}${line([522, 402], [790, 388], frame, 17)}${line(BB, [802, 440], frame, 20)}
${line([792, 372], [806, 448], frame, 24)}
<path d="M806 440 Q832 530 850 595" fill="none" stroke="url(#frame)" stroke-width="13" stroke-linecap="round"/>
${line([520, 385], [512, 345], '#b8bcc2', 10)}
${path('M452 342 Q500 318 562 330 Q568 346 540 352 Q500 358 458 354Z', '#6b3f22')}${path('M470 334 Q505 324 540 328', 'none', 'stroke="#a36a40" stroke-width="4" stroke-linecap="round"')}
${line([792, 372], [782, 326], '#b8bcc2', 10)}
<path d="M782 326 Q748 312 716 334" fill="none" stroke="#b8bcc2" stroke-width="9" stroke-linecap="round"/>
${line([716, 334], [700, 346], '#6b3f22', 16)}
${line(BB, [612, 688], '#888', 10)}${rrect(594, 684, 44, 12, 4, '#333')}
${line([830, 410], [842, 540], '#999', 5)}${line([950, 410], [856, 560], '#999', 5)}
${path('M818 318 L966 318 L956 410 L828 410Z', 'url(#basket)')}${weave}${rrect(812, 310, 160, 14, 6, '#b07a3a')}
${leaf(872, 316, -20, 90, 50, '#5aa85c', '#2f6b3a')}${leaf(890, 316, 15, 80, 44, '#4c9a52', '#2f6b3a')}
${circle(922, 300, 24, '#f2c14e')}${circle(922, 300, 10, '#c97b1e')}${circle(860, 292, 18, '#e76f8a')}${circle(860, 292, 7, '#b33a5a')}`,
  );
}

function toys(): string {
  const rings: readonly [number, string][] = [
    [210, '#e63946'],
    [178, '#f4a261'],
    [148, '#f6d04d'],
    [120, '#52b788'],
    [94, '#4895ef'],
  ];
  let tower = `${rrect(220, 716, 220, 28, 12, '#c99a63')}${rect(318, 440, 24, 280, '#d8b07c')}`;
  rings.forEach(([w, c], i) => {
    const y = 668 - i * 50;
    tower += rrect(330 - w / 2, y, w, 50, 25, c) + rrect(330 - w / 2, y, w, 50, 25, 'url(#ringShade)');
  });
  tower += circle(330, 388, 36, '#8e5bd1') + circle(318, 376, 11, '#fff', 'opacity="0.5"');
  const letter = (l: string, c: string) => blockLetter(100, l, c);
  return scene(
    { wall: ['#fde4e6', '#f4c3c9'], floor: ['#f1e2cc', '#d8c2a2'], horizon: 600, grain: '#c4a985' },
    lin('ringShade', [[0, '#fff', 0.4], [0.35, '#fff', 0], [1, '#000', 0.28]]) +
      rad('ball', [[0, '#fff', 0.6], [0.35, '#fff', 0], [1, '#000', 0.35]], 0.35, 0.3, 0.75) +
      lin('car', [[0, '#6cc3f0'], [1, '#2f8ac4']]),
    `${ellipse(600, 760, 540, 120, '#bfe0f0')}${ellipse(600, 760, 500, 100, 'none', 'stroke="#fff" stroke-width="8" opacity="0.7"')}
${shadow(330, 742, 130, 18)}${shadow(720, 768, 210, 24)}${shadow(960, 774, 80, 14)}${shadow(495, 816, 100, 14)}
${tower}
${cube(800, 745, 100, ['#ffe08a', '#f4b942', '#d9962a'], ['', letter('C', '#3a6ea5'), letter('D', '#c0392b')])}
${cube(640, 770, 100, ['#a8e6cf', '#56c596', '#379e74'], ['', letter('A', '#c0392b'), letter('B', '#fff')])}
${cube(640, 670, 100, ['#ffb3c1', '#ef6f8a', '#cc4a66'], ['', letter('E', '#fff'), letter('F', '#3a6ea5')])}
<defs><clipPath id="ballClip">${circle(960, 700, 78, '#000')}</clipPath></defs>
<g clip-path="url(#ballClip)">${circle(960, 700, 78, '#e63946')}${ellipse(960, 700, 34, 80, '#fff')}${ellipse(960, 700, 12, 80, '#4895ef')}</g>
${circle(960, 700, 78, 'url(#ball)')}
${rrect(420, 760, 160, 46, 16, 'url(#car)')}${path('M452 762 L470 724 L528 724 L552 762Z', '#2f8ac4')}${path('M466 758 L478 732 L500 732 L500 758Z', '#d6f0ff')}${path('M508 758 L508 732 L524 732 L538 758Z', '#d6f0ff')}
${[455, 545].map((x) => circle(x, 808, 22, '#333') + circle(x, 808, 9, '#f6d04d')).join('')}`,
  );
}

function pots(): string {
  const steel: Stop[] = [[0, '#7d848c'], [0.15, '#e9edf1'], [0.3, '#aab1b9'], [0.55, '#f7f9fb'], [0.78, '#949ba3'], [1, '#656c74']];
  const handle = (x: number, dir: number, color: string) =>
    `<path d="M${x} 500 q${dir * 48} 0 ${dir * 48} 26 q0 26 ${-dir * 48} 26" fill="none" stroke="${color}" stroke-width="12"/>`;
  let tiles = '';
  for (let x = 0; x <= 1200; x += 100) tiles += rect(x - 2, 0, 4, 610, '#fff', 'opacity="0.8"');
  for (let y = 60; y < 610; y += 100) tiles += rect(0, y - 2, 1200, 4, '#fff', 'opacity="0.8"');
  return scene(
    { wall: ['#e9f1f2', '#cfdde1'], floor: ['#46494f', '#2b2d31'], horizon: 610, tableEdge: '#1d1f22', glow: [600, 200, '#ffffff', 0.5] },
    linH('steel', steel) +
      lin('steelLid', [[0, '#f4f6f8'], [1, '#9aa1a9']]) +
      rad('enamel', [[0, '#ef6a52'], [0.7, '#c93a28'], [1, '#8c2316']], 0.35, 0.35, 0.8) +
      linH('copper', [[0, '#7d3f1f'], [0.2, '#e3935f'], [0.45, '#b5673a'], [0.6, '#f2b48a'], [1, '#6e3518']]),
    `${tiles}
${shadow(430, 718, 200, 24, 0.5)}${shadow(800, 716, 180, 22, 0.5)}${shadow(640, 806, 170, 20, 0.5)}
${path('M280 460 L280 690 Q280 716 306 716 L554 716 Q580 716 580 690 L580 460Z', 'url(#steel)')}
${handle(280, -1, '#9aa1a9')}${handle(580, 1, '#9aa1a9')}
${rect(282, 520, 296, 6, '#000', 'opacity="0.1"')}${rect(330, 470, 14, 230, '#fff', 'opacity="0.55"')}
${ellipse(430, 460, 158, 24, '#c3c9cf')}${path('M286 458 Q430 362 574 458Z', 'url(#steelLid)')}${path('M330 440 Q400 398 470 395', 'none', 'stroke="#fff" stroke-width="6" opacity="0.7" stroke-linecap="round"')}
${rect(424, 384, 12, 18, '#555')}${rrect(396, 368, 68, 20, 10, '#2d2f33')}
${handle(660, -0.7, '#b52f1f')}${handle(940, 0.7, '#b52f1f')}
${path('M660 560 Q654 706 706 714 L894 714 Q946 706 940 560Z', 'url(#enamel)')}
${path('M686 600 Q690 680 720 700', 'none', 'stroke="#fff" stroke-width="10" opacity="0.3" stroke-linecap="round"')}
${ellipse(800, 560, 148, 24, '#a82b1c')}${path('M656 556 Q800 466 944 556Z', 'url(#enamel)')}${path('M700 530 Q760 500 820 496', 'none', 'stroke="#fff" stroke-width="7" opacity="0.4" stroke-linecap="round"')}
${circle(800, 490, 22, '#c3c9cf')}${circle(794, 484, 7, '#fff', 'opacity="0.8"')}
<g transform="translate(730 742) rotate(12)">${rect(-6, -8, 30, 16, '#a55a2f')}${rrect(20, -14, 240, 28, 14, '#3b2a20')}${rrect(10, -10, 220, 6, 3, '#fff', 'opacity="0.2"')}${circle(246, 0, 6, '#777')}</g>
${path('M520 730 L526 800 Q528 818 548 818 L712 818 Q732 818 734 800 L740 730Z', 'url(#copper)')}
${ellipse(630, 730, 110, 20, '#a55a2f')}${ellipse(630, 732, 98, 15, '#3a2418')}${ellipse(612, 728, 50, 5, '#e3935f', 'opacity="0.5"')}`,
  );
}

function plant(): string {
  const shades: readonly [string, string][] = [
    ['url(#leafDark)', '#1f4f2a'],
    ['url(#leafMid)', '#2a6a35'],
    ['url(#leafLight)', '#3a7d42'],
  ];
  const leaves: readonly [number, number, number, number, number, number][] = [
    [560, 330, -25, 190, 110, 0],
    [650, 300, 20, 200, 115, 0],
    [600, 262, -3, 210, 120, 1],
    [500, 400, -55, 180, 105, 1],
    [705, 392, 55, 185, 105, 0],
    [540, 440, -82, 170, 100, 2],
    [672, 452, 80, 175, 100, 2],
    [622, 388, 14, 170, 100, 2],
    [570, 402, -16, 160, 96, 1],
    [462, 482, -98, 150, 90, 1],
    [742, 478, 100, 150, 90, 2],
  ];
  const stems = leaves
    .map(([x, y]) => `<path d="M${600 + (x - 600) * 0.1} 548 Q${n(600 + (x - 600) * 0.25)} ${n(y + (548 - y) * 0.35)} ${x} ${y}" stroke="#4f7a3a" stroke-width="7" fill="none" stroke-linecap="round"/>`)
    .join('');
  const leafMarkup = leaves.map(([x, y, a, l, w, s]) => {
    const [fill, vein] = pick(shades, s);
    return leaf(x, y, a, l, w, fill, vein);
  });
  return scene(
    { wall: ['#f6f0e7', '#e4d7c4'], floor: ['#d9c4a6', '#b59a76'], horizon: 650, glow: [820, 200, '#fff8e8', 0.7], grain: '#a88b66' },
    linH('leafDark', [[0, '#2c6437'], [1, '#3f8a4a']]) +
      linH('leafMid', [[0, '#3a8646'], [1, '#62b061']]) +
      linH('leafLight', [[0, '#4f9f52'], [1, '#8fcc74']]) +
      linH('terracotta', [[0, '#9c4a28'], [0.35, '#dc8452'], [0.6, '#c76e3f'], [1, '#86401f']]) +
      lin('rim', [[0, '#e69a68'], [1, '#b8612f']]),
    `${polygon([[760, 80], [940, 80], [1010, 600], [830, 600]], '#fff', 'opacity="0.35" filter="url(#blur)"')}
${polygon([[960, 80], [1060, 80], [1130, 600], [1030, 600]], '#fff', 'opacity="0.3" filter="url(#blur)"')}
${shadow(600, 778, 190, 24, 0.45)}
${ellipse(600, 772, 128, 20, '#9b4d2a')}
${stems}
${leafMarkup.slice(0, 5).join('')}
${path('M466 588 L734 588 L702 770 L498 770Z', 'url(#terracotta)')}
${rrect(446, 538, 308, 58, 12, 'url(#rim)')}${ellipse(600, 542, 146, 14, '#4a3426')}
${leafMarkup.slice(5).join('')}
${polygon([[486, 596], [504, 596], [518, 760], [504, 760]], '#fff', 'opacity="0.16"')}${rect(450, 546, 300, 6, '#fff', 'opacity="0.2"')}`,
  );
}

function guitar(): string {
  // Drawn upright around (0, 0), then leaned against the wall.
  const body = (fill: string, grow = 0) =>
    ellipse(0, 150, 175 + grow, 165 + grow, fill) + ellipse(0, -70, 132 + grow, 120 + grow, fill) + ellipse(0, 32, 115 + grow, 72 + grow, fill);
  const silhouette = `${body('#000')}${rect(-30, -480, 60, 480, '#000')}${rect(-40, -610, 80, 140, '#000')}`;
  let frets = '';
  let dots = '';
  for (let k = 1; k <= 19; k++) {
    const y = -480 + 660 * (1 - Math.pow(2, -k / 12));
    frets += rect(-21, y - 1.5, 42, 3, '#cfd3d8');
    const prev = -480 + 660 * (1 - Math.pow(2, -(k - 1) / 12));
    if ([3, 5, 7, 9, 15, 17].includes(k)) dots += circle(0, (y + prev) / 2, 4.5, '#efe6d2');
    if (k === 12) dots += circle(-9, (y + prev) / 2, 4.5, '#efe6d2') + circle(9, (y + prev) / 2, 4.5, '#efe6d2');
  }
  let strings = '';
  for (let i = 0; i < 6; i++) {
    strings += line([-25 + i * 10, 192], [-16 + i * 6.4, -480], '#f2f2f2', 1 + (5 - i) * 0.25, 'opacity="0.9"');
  }
  const pegs = [-505, -545, -585]
    .map((y) => rrect(-62, y - 7, 24, 14, 6, '#d9dde2') + rrect(38, y - 7, 24, 14, 6, '#d9dde2') + circle(-22, y, 5, '#bbb') + circle(22, y, 5, '#bbb'))
    .join('');
  return scene(
    { wall: ['#2f6166', '#1e4145'], floor: ['#7d5238', '#573723'], horizon: 690, glow: [520, 260, '#ffe2b0', 0.35], grain: '#3f2818' },
    radU('sunburst', [[0, '#f6c77f'], [0.45, '#d88d3b'], [0.8, '#8c4a1c'], [1, '#4a230c']], 0, 70, 300) +
      linH('neckWood', [[0, '#6b3d1e'], [0.5, '#a86a3a'], [1, '#5a3218']]),
    `<g transform="translate(650 560) rotate(-14) scale(0.82)" opacity="0.35" filter="url(#haze)">${silhouette}</g>
${shadow(660, 795, 160, 20, 0.5)}
<g transform="translate(610 540) rotate(-14) scale(0.82)">
${rect(-30, -480, 60, 440, 'url(#neckWood)')}
${path('M-30 -472 L-42 -606 Q0 -622 42 -606 L30 -472Z', '#2b1a10')}${pegs}
${body('#2a160a', 9)}${body('#f1e4c8', 5)}${body('url(#sunburst)')}
${rect(-22, -484, 44, 7, '#efe6d2')}${rect(-21, -478, 42, 478, '#2a1a12')}${frets}${dots}
${circle(0, 32, 70, 'none', 'stroke="#efe6d2" stroke-width="3"')}${circle(0, 32, 62, 'none', 'stroke="#3b2616" stroke-width="10"')}${circle(0, 32, 54, '#160d07')}
${path('M48 70 Q118 78 116 142 Q84 160 50 120Z', '#2a150a', 'opacity="0.85"')}
${rrect(-62, 180, 124, 26, 10, '#2b1a10')}${rect(-46, 185, 92, 4, '#f4efe4')}
${[0, 1, 2, 3, 4, 5].map((i) => circle(-25 + i * 10, 198, 3, '#efe6d2')).join('')}
${strings}
${ellipse(-70, 110, 60, 110, '#fff', 'opacity="0.1"')}${ellipse(-50, -110, 40, 60, '#fff', 'opacity="0.1"')}</g>`,
  );
}

function coat(): string {
  const torso = 'M470 250 Q600 232 730 250 L772 300 L778 700 Q600 722 422 700 L428 300Z';
  const sleeve = 'M468 254 Q418 262 404 318 L378 640 Q408 656 446 650 L458 340Z';
  const mirrored = 'transform="translate(1200 0) scale(-1 1)"';
  // Quilted baffles: horizontal bands, each lit in the middle; sleeves are quilted a little finer.
  const bands = (step: number) => {
    let out = '';
    for (let y = 200; y < 730; y += step) out += rect(300, y, 600, step + 2, 'url(#puff)');
    return out;
  };
  return scene(
    { wall: ['#f1e6d8', '#dccab4'], floor: ['#8b6b52', '#6b503c'], horizon: 780, glow: [600, 160, '#fff', 0.55], grain: '#5a4230' },
    `<clipPath id="torso"><path d="${torso}"/></clipPath><clipPath id="sleeveL"><path d="${sleeve}"/></clipPath>` +
      `<clipPath id="sleeveR"><path d="${sleeve}" ${mirrored}/></clipPath>` +
      lin('puff', [[0, '#1c3f7a'], [0.5, '#3a74cf'], [1, '#1c3f7a']]) +
      lin('rail', [[0, '#b07d4f'], [1, '#7a5230']]) +
      rad('collar', [[0, '#4a83dc'], [1, '#1c3f7a']]),
    `${rrect(240, 120, 720, 34, 8, 'url(#rail)')}${circle(300, 137, 6, '#5a3a20')}${circle(900, 137, 6, '#5a3a20')}
<g opacity="0.3" filter="url(#haze)" transform="translate(26 24)"><path d="${torso}"/><path d="${sleeve}"/><path d="${sleeve}" ${mirrored}/></g>
${path('M600 158 q0 -22 -18 -22 q-14 0 -14 14', 'none', 'stroke="#c0c4ca" stroke-width="6" stroke-linecap="round"')}${line([600, 158], [600, 196], '#c0c4ca', 6)}
${ellipse(600, 236, 118, 48, '#16335f')}
<g clip-path="url(#sleeveL)">${bands(52)}</g><g clip-path="url(#sleeveR)">${bands(52)}</g><g clip-path="url(#torso)">${bands(58)}</g>
<path d="M458 340 L446 650" stroke="#102a52" stroke-width="4" opacity="0.6"/><path d="M742 340 L754 650" stroke="#102a52" stroke-width="4" opacity="0.6"/>
${rrect(380, 618, 70, 36, 12, '#142f5a', 'transform="rotate(5 415 636)"')}${rrect(750, 618, 70, 36, 12, '#142f5a', 'transform="rotate(-5 785 636)"')}
${rrect(540, 198, 120, 70, 24, 'url(#collar)')}
${line([600, 232], [600, 708], '#0f2445', 5)}${rrect(593, 282, 14, 30, 4, '#c0c4ca')}
${line([488, 520], [506, 600], '#0f2445', 4)}${line([712, 520], [694, 600], '#0f2445', 4)}`,
  );
}

function toolbox(): string {
  return scene(
    { wall: ['#dcc6a2', '#c6ab82'], floor: ['#b47d4a', '#8a5a33'], horizon: 600, tableEdge: '#5e3b20', grain: '#7a4c28' },
    `<pattern id="peg" width="40" height="40" patternUnits="userSpaceOnUse"><circle cx="20" cy="20" r="4" fill="#6b4f30" opacity="0.55"/></pattern>` +
      lin('red', [[0, '#e5503f'], [1, '#a8271e']]) +
      lin('lid', [[0, '#f06a57'], [1, '#c4352a']]) +
      linH('steel', [[0, '#8d949c'], [0.5, '#eef1f4'], [1, '#7b828a']]) +
      lin('steelV', [[0, '#eef1f4'], [1, '#8d949c']]) +
      linH('handleWood', [[0, '#c98d4e'], [1, '#8a5a2b']]) +
      lin('yellow', [[0, '#ffd84d'], [1, '#e0a800']]) +
      linH('boxShade', [[0, '#000', 0.25], [0.12, '#000', 0], [0.88, '#000', 0], [1, '#000', 0.3]]),
    `${rect(0, 0, 1200, 597, 'url(#peg)')}
${path('M140 120 q0 -20 20 -20 M180 120 q0 -20 -20 -20', 'none', 'stroke="#999" stroke-width="5"')}
<g transform="translate(160 140) rotate(90)">${rrect(0, -12, 150, 24, 10, '#3b6ea8')}${rect(150, -5, 110, 10, 'url(#steelV)')}</g>
${path('M1030 110 q0 -20 20 -20 M1070 110 q0 -20 -20 -20', 'none', 'stroke="#999" stroke-width="5"')}
${rrect(1040, 130, 20, 150, 8, 'url(#steel)')}${path('M1040 120 A24 24 0 1 1 1060 120', 'none', 'stroke="#9aa1a9" stroke-width="14"')}${circle(1050, 292, 20, 'none', 'stroke="#9aa1a9" stroke-width="12"')}
${shadow(600, 728, 270, 24, 0.5)}${shadow(260, 748, 70, 12, 0.4)}
${rrect(370, 470, 460, 252, 14, 'url(#red)')}${rrect(370, 470, 460, 252, 14, 'url(#boxShade)')}
${rect(372, 610, 456, 6, '#7d1c15', 'opacity="0.6"')}${rect(372, 616, 456, 3, '#fff', 'opacity="0.2"')}
${rrect(358, 420, 484, 72, 16, 'url(#lid)')}${rect(372, 490, 456, 10, '#000', 'opacity="0.22"')}${rect(380, 430, 440, 8, '#fff', 'opacity="0.25"')}
${rect(514, 392, 20, 34, '#333')}${rect(666, 392, 20, 34, '#333')}${rrect(500, 366, 200, 30, 14, '#222')}${rrect(520, 372, 160, 6, 3, '#fff', 'opacity="0.3"')}
${rrect(418, 466, 36, 70, 6, 'url(#steel)')}${rrect(746, 466, 36, 70, 6, 'url(#steel)')}${circle(436, 520, 5, '#555')}${circle(764, 520, 5, '#555')}
${rrect(192, 682, 136, 74, 22, 'url(#yellow)')}${circle(248, 719, 22, '#333')}${circle(248, 719, 12, '#777')}${rect(318, 736, 60, 14, '#e0e4e8')}${rect(372, 732, 8, 22, '#555')}
<g transform="translate(470 800) rotate(-6)">${rrect(-170, -13, 290, 26, 12, 'url(#handleWood)')}${rrect(-170, -13, 90, 26, 12, '#222')}
${path('M112 -30 Q84 -66 40 -74 Q70 -52 106 -4Z', '#8d949c')}${rrect(100, -40, 44, 72, 8, 'url(#steel)')}${rrect(104, 28, 36, 26, 4, '#6b737b')}</g>
${shadow(920, 804, 140, 14, 0.35)}
<g transform="translate(900 790) rotate(-16)">${rrect(-72, -18, 112, 36, 16, 'url(#yellow)')}${[-50, -30, -10, 10].map((x) => rect(x, -16, 4, 32, '#b98600', 'opacity="0.5"')).join('')}
${rect(40, -6, 150, 12, 'url(#steelV)')}${path('M190 -6 L214 -2 L214 2 L190 6Z', '#8d949c')}</g>`,
  );
}

function painting(): string {
  const gold: Stop[] = [[0, '#7d5a1f'], [0.25, '#e8c56a'], [0.5, '#b58a35'], [0.72, '#f3dc8f'], [1, '#7d5a1f']];
  return scene(
    { wall: ['#6f8270', '#526352'], floor: ['#9a7658', '#775841'], horizon: 780, glow: [600, 120, '#fff4d6', 0.5], grain: '#5a4230' },
    lin('gold', gold, 0, 0, 1, 1) +
      lin('goldIn', gold, 1, 1, 0, 0) +
      lin('sky', [[0, '#f3a36b'], [0.55, '#f9d39b'], [1, '#fdeec8']]) +
      lin('lake', [[0, '#f6c996'], [1, '#8aa2b8']]) +
      rad('sun', [[0, '#fffbe8'], [0.5, '#fff1c4'], [1, '#fff1c4', 0]]) +
      lin('canvasShade', [[0, '#000', 0.4], [0.08, '#000', 0], [0.92, '#000', 0], [1, '#000', 0.2]]) +
      lin('brass', [[0, '#f3dc8f'], [1, '#9c7a34']]) +
      `<clipPath id="canvas"><rect x="352" y="222" width="496" height="346"/></clipPath>`,
    `${polygon([[470, 150], [730, 150], [960, 640], [240, 640]], '#fff5dc', 'opacity="0.16" filter="url(#haze)"')}
${rect(322, 196, 600, 450, '#000', 'opacity="0.45" filter="url(#haze)"')}
${path('M600 150 L470 178 M600 150 L730 178', 'none', 'stroke="#333" stroke-width="2"')}${circle(600, 150, 5, '#555')}
${rrect(520, 118, 160, 18, 9, 'url(#brass)')}${rect(596, 98, 8, 24, '#9c7a34')}
${rect(300, 170, 600, 450, 'url(#gold)')}${rect(316, 186, 568, 418, 'url(#goldIn)')}
${rect(326, 196, 548, 398, 'none', 'stroke="#fff3c4" stroke-width="5" stroke-dasharray="3 7" opacity="0.8"')}
${rect(338, 208, 524, 374, 'url(#gold)')}${rect(348, 218, 504, 354, '#5b4215')}
<g clip-path="url(#canvas)">
${rect(352, 222, 496, 346, 'url(#sky)')}
${circle(690, 392, 70, 'url(#sun)')}${circle(690, 392, 26, '#fffbe8')}
${ellipse(470, 282, 70, 14, '#fff', 'opacity="0.5"')}${ellipse(520, 300, 50, 10, '#fff', 'opacity="0.4"')}${ellipse(760, 270, 60, 12, '#fff', 'opacity="0.45"')}
${path('M352 420 L420 350 L470 385 L540 330 L620 395 L700 360 L780 410 L848 370 L848 440 L352 440Z', '#9b8fb8')}
${path('M352 430 Q450 390 560 420 Q680 450 848 410 L848 470 L352 470Z', '#7f9a5a')}
${rect(352, 462, 496, 60, 'url(#lake)')}
${[0, 1, 2, 3].map((i) => rect(660 - i * 6, 470 + i * 12, 60 + i * 12, 4, '#fff4cf', 'opacity="0.8"')).join('')}
${path('M352 508 Q500 490 640 512 Q760 530 848 500 L848 568 L352 568Z', '#5d7d45')}
${path('M352 540 Q520 520 848 548 L848 568 L352 568Z', '#46683a')}
${([[400, 505, 95], [428, 515, 70], [800, 515, 80]] as const).map(([x, y, h]) => path(`M${x} ${y} Q${x - 22} ${y - h / 2} ${x} ${y - h} Q${x + 22} ${y - h / 2} ${x} ${y}Z`, '#2f4f2a')).join('')}
${rect(352, 222, 496, 346, 'url(#canvasShade)')}
${rect(352, 222, 496, 346, '#ffd98a', 'opacity="0.07"')}</g>
${shadow(600, 800, 320, 16, 0.3)}
${rect(230, 760, 740, 40, '#6a4b33')}${rect(230, 760, 740, 6, '#fff', 'opacity="0.15"')}`,
  );
}

function boardGame(): string {
  const cell = 520 / 15;
  const at = (col: number, row: number): Point => [col * cell - 260, row * cell - 260];
  const RED = '#e63946';
  const GREEN = '#2a9d8f';
  const YELLOW = '#f4c430';
  const BLUE = '#3a86ff';
  let board = rect(-260, -260, 520, 520, '#fbf7ee');
  // Track cells of the cross, with each colour's home column and start square.
  for (let r = 0; r < 15; r++) {
    for (let c = 0; c < 15; c++) {
      const inCross = (c >= 6 && c <= 8) !== (r >= 6 && r <= 8);
      if (!inCross) continue;
      let fill = '#fbf7ee';
      if (r === 7 && c >= 1 && c <= 5) fill = RED;
      if (c === 7 && r >= 1 && r <= 5) fill = GREEN;
      if (r === 7 && c >= 9 && c <= 13) fill = YELLOW;
      if (c === 7 && r >= 9 && r <= 13) fill = BLUE;
      if (r === 6 && c === 1) fill = RED;
      if (c === 8 && r === 1) fill = GREEN;
      if (r === 8 && c === 13) fill = YELLOW;
      if (c === 6 && r === 13) fill = BLUE;
      const [x, y] = at(c, r);
      board += rect(x, y, cell, cell, fill, 'stroke="#6b6b6b" stroke-width="1.5"');
    }
  }
  const homes: readonly [number, number, string][] = [[0, 0, RED], [9, 0, GREEN], [9, 9, YELLOW], [0, 9, BLUE]];
  for (const [c, r, color] of homes) {
    const [x, y] = at(c, r);
    board += rect(x, y, cell * 6, cell * 6, color) + rrect(x + cell, y + cell, cell * 4, cell * 4, 10, '#fff');
    for (const [dx, dy] of [[2, 2], [4, 2], [2, 4], [4, 4]] as const) board += circle(x + dx * cell, y + dy * cell, cell * 0.6, color);
  }
  const [cx0, cy0] = at(6, 6);
  const [cx1, cy1] = at(9, 9);
  const mid: Point = [0, 0];
  board += polygon([[cx0, cy0], mid, [cx0, cy1]], RED) + polygon([[cx0, cy0], mid, [cx1, cy0]], GREEN);
  board += polygon([[cx1, cy0], mid, [cx1, cy1]], YELLOW) + polygon([[cx0, cy1], mid, [cx1, cy1]], BLUE);
  board += rect(-260, -260, 520, 520, 'none', 'stroke="#3a3a3a" stroke-width="6"');

  // Board space -> picture: rotate 45 degrees, squash to half height, centre at (600, 660).
  const toScreen = ([u, v]: Point): Point => [600 + (u - v) * 0.7071, 660 + (u + v) * 0.3536];
  const tokens: [Point, string][] = [
    [at(2, 2), RED], [at(4, 4), RED], [at(10, 2), GREEN], [at(12, 4), GREEN], [at(13, 13), YELLOW],
    [at(2, 13), BLUE], [at(7.5, 3.5), GREEN], [at(3.5, 6.5), RED], [at(11.5, 8.5), YELLOW], [at(6.5, 11.5), BLUE],
  ];
  const pawns = tokens
    .map(([p, color]) => [toScreen(p), color] as const)
    .sort((a, b) => a[0][1] - b[0][1])
    .map(([[x, y], color]) =>
      `${ellipse(x + 4, y + 2, 18, 7, '#000', 'opacity="0.3"')}${path(`M${n(x - 16)} ${n(y)} Q${n(x - 10)} ${n(y - 26)} ${n(x - 5)} ${n(y - 36)} L${n(x + 5)} ${n(y - 36)} Q${n(x + 10)} ${n(y - 26)} ${n(x + 16)} ${n(y)}Z`, color)}` +
      `${ellipse(x, y, 16, 6, color)}${circle(x, y - 44, 12, color)}${path(`M${n(x - 16)} ${n(y)} Q${n(x - 10)} ${n(y - 26)} ${n(x - 5)} ${n(y - 36)} L${n(x + 5)} ${n(y - 36)} Q${n(x + 10)} ${n(y - 26)} ${n(x + 16)} ${n(y)}Z`, 'url(#pawnShade)')}${circle(x - 4, y - 48, 4, '#fff', 'opacity="0.7"')}`,
    )
    .join('');
  return scene(
    { wall: ['#d3e6f2', '#b2cde0'], floor: ['#e4cba3', '#c4a473'], horizon: 470, tableEdge: '#9c7a4c', grain: '#b08d5e' },
    linH('pawnShade', [[0, '#fff', 0.35], [0.4, '#fff', 0], [1, '#000', 0.35]]),
    `<g transform="translate(900 440) rotate(-5)">${shadow(0, 40, 200, 14, 0.3)}${rrect(-180, -250, 340, 290, 10, '#1d3557')}
${rect(-170, -240, 160, 135, RED)}${rect(-10, -240, 160, 135, GREEN)}${rect(-170, -105, 160, 135, BLUE)}${rect(-10, -105, 160, 135, YELLOW)}
${circle(-10, -105, 70, '#fbf7ee')}${circle(-10, -105, 46, '#1d3557')}${circle(-10, -105, 20, '#fbf7ee')}</g>
${shadow(600, 700, 400, 40, 0.4)}
<g transform="translate(600 676) scale(1 0.5) rotate(45)">${rect(-260, -260, 520, 520, '#7b5430')}</g>
<g transform="translate(600 660) scale(1 0.5) rotate(45)">${board}</g>
${pawns}
${cube(930, 810, 56, ['#fdfdfd', '#e4e4e4', '#c9c9c9'], [pips(56, 5), pips(56, 3), pips(56, 1)])}
${cube(1040, 790, 56, ['#fdfdfd', '#e4e4e4', '#c9c9c9'], [pips(56, 6), pips(56, 2), pips(56, 4)])}`,
  );
}

function recordPlayer(): string {
  // The top of the turntable is drawn from above, then squashed into perspective.
  let grooves = '';
  for (let r = 170; r > 70; r -= 14) grooves += circle(250, 220, r, 'none', 'stroke="#2c2c2c" stroke-width="3"');
  const sleeve = (x: number, y: number, rot: number, bg: string, art: string) =>
    `<g transform="translate(${x} ${y}) rotate(${rot})">${rect(0, -300, 300, 300, bg)}${art}${rect(0, -300, 300, 300, 'url(#sleeveShade)')}</g>`;
  return scene(
    { wall: ['#ece3d4', '#d3c5ae'], floor: ['#8e5c37', '#6a4127'], horizon: 640, tableEdge: '#4a2b18', grain: '#5e3820' },
    lin('plinthTop', [[0, '#c48a56'], [1, '#9b6337']], 0, 0, 1, 1) +
      lin('plinthFront', [[0, '#7e4c2a'], [1, '#5a321a']]) +
      lin('sleeveShade', [[0, '#fff', 0.15], [1, '#000', 0.2]], 0, 0, 1, 1) +
      rad('label', [[0, '#f05a6e'], [1, '#b62d42']]),
    `${sleeve(120, 645, -5, '#f2a541', `${circle(150, -150, 100, '#e4572e')}${circle(150, -150, 60, '#f3dfc1')}${circle(150, -150, 24, '#2d3047')}`)}
${sleeve(860, 642, 4, '#2d6a78', `${[0, 1, 2, 3, 4].map((i) => rect(30, -260 + i * 50, 240, 22, pick(['#f2d0a4', '#e07a5f', '#81b29a'], i))).join('')}`)}
${shadow(620, 800, 360, 26, 0.5)}
${rrect(300, 742, 640, 56, 10, 'url(#plinthFront)')}${rect(300, 744, 640, 4, '#fff', 'opacity="0.2"')}${rrect(580, 760, 80, 14, 4, '#d8b56a')}
${rect(320, 796, 40, 12, '#222')}${rect(880, 796, 40, 12, '#222')}
<g transform="translate(300 558) scale(1 0.42)">
${rrect(0, 0, 640, 440, 16, 'url(#plinthTop)')}${rrect(0, 0, 640, 40, 16, '#fff', 'opacity="0.12"')}
${circle(250, 244, 196, '#333')}${circle(250, 220, 196, '#9aa0a8')}${circle(250, 220, 184, '#141414')}${grooves}
${path('M250 220 L420 120 A196 196 0 0 1 440 170Z', '#fff', 'opacity="0.16"')}${path('M250 220 L80 320 A196 196 0 0 1 60 270Z', '#fff', 'opacity="0.1"')}
${circle(250, 220, 60, 'url(#label)')}${circle(250, 220, 7, '#ddd')}
${circle(560, 50, 26, '#555')}${circle(555, 100, 36, '#c9cdd2')}${circle(555, 100, 20, '#888')}
<path d="M555 100 L530 270 L392 312" fill="none" stroke="#d9dde2" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>
${rrect(360, 296, 50, 34, 6, '#333')}
${circle(560, 380, 20, '#ddd')}${circle(610, 380, 20, '#ddd')}${rrect(470, 370, 50, 22, 6, '#444')}</g>`,
  );
}

function sourdough(): string {
  const rnd = random(7);
  let flour = '';
  for (let i = 0; i < 90; i++) {
    const x = 360 + rnd() * 360;
    const y = 470 + rnd() * 110;
    flour += circle(x, y, 1.5 + rnd() * 4, '#fffaf0', `opacity="${n(0.3 + rnd() * 0.5)}"`);
  }
  let crumb = '';
  for (let i = 0; i < 14; i++) crumb += ellipse(-70 + rnd() * 140, -50 + rnd() * 100, 4 + rnd() * 9, 3 + rnd() * 6, '#d9bd86');
  const slice = (x: number, y: number, rot: number) =>
    `<g transform="translate(${x} ${y}) rotate(${rot})">${ellipse(0, 0, 112, 86, '#8f4f1d')}${ellipse(0, 2, 100, 74, 'url(#crumb)')}${crumb}</g>`;
  const loaf = 'M336 664 C300 560 380 436 540 434 C700 436 780 560 744 664 Q540 706 336 664Z';
  return scene(
    { wall: ['#f5eee4', '#e5d9c8'], floor: ['#9e6c44', '#7a5033'], horizon: 560, tableEdge: '#5c3a22', glow: [300, 200, '#fff', 0.6], grain: '#6a4328' },
    rad('crust', [[0, '#f0bd72'], [0.55, '#c77c33'], [1, '#7e4519']], 0.42, 0.3, 0.75) +
      rad('crumb', [[0, '#fbf0d6'], [1, '#ecd7a8']]) +
      lin('board', [[0, '#d7a86e'], [1, '#b98549']]) +
      linH('jar', [[0, '#cfe3ea', 0.55], [0.3, '#fff', 0.8], [1, '#bcd4dc', 0.55]]) +
      `<clipPath id="loafClip"><path d="${loaf}"/></clipPath>`,
    `${polygon([[60, 640], [430, 600], [520, 860], [40, 860]], '#efe8dc')}${[0, 1, 2].map((i) => line([80 + i * 14, 660 + i * 60], [440 + i * 20, 620 + i * 60], '#c9553f', 6, 'opacity="0.7"')).join('')}
${shadow(1000, 640, 90, 14, 0.35)}
${rrect(930, 450, 140, 190, 26, 'url(#jar)')}${rrect(936, 540, 128, 94, 20, '#f2e6c9')}
${([[960, 560], [990, 590], [1030, 570], [1010, 610], [1045, 600]] as const).map(([x, y]) => circle(x, y, 6, '#fff', 'opacity="0.7"')).join('')}
${rrect(922, 440, 156, 26, 10, '#e9d8b8')}${line([922, 462], [1078, 462], '#8a5a2b', 4)}${rect(950, 470, 14, 150, '#fff', 'opacity="0.4"')}
${shadow(560, 760, 340, 40, 0.45)}
${ellipse(560, 718, 340, 122, '#8a5a30')}${ellipse(560, 700, 340, 122, 'url(#board)')}
${[90, 170, 250].map((r) => ellipse(560, 700, r, r * 0.36, 'none', 'stroke="#a87540" stroke-width="3" opacity="0.5"')).join('')}
${ellipse(540, 668, 220, 30, '#000', 'opacity="0.25" filter="url(#blur)"')}
${path(loaf, 'url(#crust)')}
<g clip-path="url(#loafClip)">
${path('M398 592 Q540 486 698 572 Q548 526 398 592Z', '#f5dca6')}${path('M398 592 Q540 486 698 572', 'none', 'stroke="#5e2c0e" stroke-width="6" opacity="0.7"')}
${ellipse(540, 690, 230, 40, '#5e2c0e', 'opacity="0.35" filter="url(#blur)"')}
${path('M430 530 Q470 500 520 490', 'none', 'stroke="#f3d59a" stroke-width="7" stroke-linecap="round"')}${path('M560 488 Q610 492 650 520', 'none', 'stroke="#f3d59a" stroke-width="7" stroke-linecap="round"')}
${flour}</g>
${slice(815, 672, 14)}${slice(860, 700, 22)}`,
  );
}

function tacoMenu(): string {
  const flagColors = ['#e63973', '#2ec4b6', '#ffbf00', '#7bc043', '#8e5bd1', '#ff7f3f'];
  let bunting = '<path d="M0 110 Q600 210 1200 100" fill="none" stroke="#5a3a20" stroke-width="3"/>';
  for (let i = 0; i < 17; i++) {
    const t = (i + 0.5) / 17;
    const x = 1200 * t;
    const y = (1 - t) * (1 - t) * 110 + 2 * (1 - t) * t * 210 + t * t * 100;
    bunting += polygon([[x - 28, y - 2], [x + 28, y - 2], [x, y + 56]], pick(flagColors, i));
  }
  let awning = '';
  for (let x = 730; x < 1200; x += 40) {
    const c = (x - 730) % 80 === 0 ? '#d62828' : '#fdf6e3';
    awning += rect(x, 300, 40, 62, c) + circle(x + 20, 362, 20, c);
  }
  const chalk = (x: number, y: number, size: number, text: string, color = '#f4f1e8', extra = '') =>
    `<text x="${x}" y="${y}" font-size="${size}" font-family="${FONT}" fill="${color}" opacity="0.92"${extra ? ` ${extra}` : ''}>${text}</text>`;
  const menu: readonly [string, string][] = [['Al pastor', '$3'], ['Carnitas', '$3'], ['Rajas con queso', '$3'], ['Horchata', '$2']];
  return scene(
    { wall: ['#f4ab5e', '#db7133'], floor: ['#bdb8b0', '#96918a'], horizon: 700, glow: [520, 300, '#fff3d6', 0.45] },
    lin('chalkboard', [[0, '#2c3a34'], [1, '#1d2723']]) +
      linH('frameWood', [[0, '#6b4424'], [0.5, '#a8733f'], [1, '#6b4424']]) +
      lin('stand', [[0, '#2fb3a3'], [1, '#1f7c71']]) +
      rad('window', [[0, '#ffd98c'], [1, '#8a4b22']]) +
      rad('smudge', [[0, '#fff', 0.09], [1, '#fff', 0]]),
    `${bunting}
${[760, 900, 1040].map((x) => line([x, 700], [x - (x - 600) * 0.5, 900], '#87827b', 3, 'opacity="0.6"')).join('')}
${shadow(955, 728, 230, 20, 0.45)}
${rect(760, 360, 400, 362, 'url(#stand)')}${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => rect(770 + i * 50, 580, 3, 140, '#176158', 'opacity="0.6"')).join('')}
${rect(800, 392, 320, 150, 'url(#window)')}${rect(800, 392, 320, 10, '#000', 'opacity="0.25"')}
${rrect(780, 540, 360, 22, 4, '#9c6a3c')}
${rrect(840, 500, 20, 42, 5, '#c1121f')}${rrect(872, 492, 20, 50, 5, '#2d6a4f')}${rrect(1040, 510, 56, 32, 6, '#f4f1e8')}
${awning}${rect(730, 292, 470, 12, '#8a1c1c')}
${shadow(470, 792, 240, 22, 0.5)}
${rect(455, 690, 30, 96, '#4d3018')}
${rrect(262, 214, 416, 486, 10, 'url(#frameWood)')}${rect(262, 690, 28, 100, 'url(#frameWood)')}${rect(650, 690, 28, 100, 'url(#frameWood)')}
${rect(288, 240, 364, 434, 'url(#chalkboard)')}${ellipse(420, 380, 200, 160, 'url(#smudge)')}${rrect(440, 204, 60, 16, 4, '#555')}
${chalk(470, 318, 54, 'TACOS', '#f4f1e8', 'text-anchor="middle" font-weight="bold" letter-spacing="6"')}
${chalk(470, 358, 24, 'menu of the day', '#f7d774', 'text-anchor="middle" font-style="italic"')}
${line([320, 382], [620, 382], '#f4f1e8', 2, 'stroke-dasharray="8 8" opacity="0.6"')}
${menu.map(([item, price], i) => chalk(318, 430 + i * 48, 26, item) + chalk(622, 430 + i * 48, 26, price, '#9ee6c8', 'text-anchor="end"')).join('')}
${chalk(318, 642, 22, 'Open 12–8 pm', '#f7a8c4')}
${path('M540 650 A48 40 0 0 1 636 650Z', 'none', 'stroke="#f7d774" stroke-width="4" stroke-linejoin="round"')}
${[552, 570, 588, 606, 622].map((x, i) => circle(x, 640 - (i % 2) * 8, 5, pick(['#9ee6c8', '#f7a8c4'], i), 'opacity="0.9"')).join('')}
${rect(288, 664, 364, 10, '#5a3a20')}${rect(350, 660, 40, 6, '#f4f1e8', 'opacity="0.9"')}`,
  );
}

function uniformSwap(): string {
  const hanger = (cx: number, y0: number) =>
    `<path d="M${cx} ${y0 - 8} L${cx} ${y0 - 30} Q${cx} ${y0 - 54} ${cx + 14} ${y0 - 54} Q${cx + 28} ${y0 - 54} ${cx + 26} ${y0 - 40}" fill="none" stroke="#b8bec6" stroke-width="5" stroke-linecap="round"/>` +
    path(`M${cx - 84} ${y0 + 16} L${cx} ${y0 - 10} L${cx + 84} ${y0 + 16}`, 'none', 'stroke="#8a5a2b" stroke-width="10" stroke-linecap="round"');
  /** A shirt-like outline; long sleeves reach down, short ones stop at the elbow. */
  const top = (cx: number, y0: number, long: boolean, hem: number) => {
    const sl = long
      ? [`L${cx + 112} ${y0 + 290}`, `L${cx + 82} ${y0 + 296}`, `L${cx + 80} ${y0 + 96}`]
      : [`L${cx + 128} ${y0 + 86}`, `L${cx + 98} ${y0 + 108}`, `L${cx + 84} ${y0 + 92}`];
    const sr = long
      ? [`L${cx - 80} ${y0 + 96}`, `L${cx - 82} ${y0 + 296}`, `L${cx - 112} ${y0 + 290}`]
      : [`L${cx - 84} ${y0 + 92}`, `L${cx - 98} ${y0 + 108}`, `L${cx - 128} ${y0 + 86}`];
    return `M${cx - 30} ${y0} Q${cx} ${y0 + 18} ${cx + 30} ${y0} L${cx + 86} ${y0 + 16} ${sl.join(' ')} L${cx + 84} ${y0 + hem} L${cx - 84} ${y0 + hem} ${sr.join(' ')} L${cx - 86} ${y0 + 16}Z`;
  };
  const y0 = 262;
  const shade = (d: string) => path(d, 'url(#clothShade)');
  const blazer = top(300, y0, true, 330);
  const polo = top(450, y0, false, 300);
  const sweater = top(750, y0, true, 300);
  const polo2 = top(900, y0, false, 300);
  const buttons = (cx: number, ys: number[], color: string) => ys.map((y) => circle(cx, y, 5, color)).join('');
  const collar = (cx: number, color: string) =>
    polygon([[cx - 32, y0 - 2], [cx, y0 + 18], [cx - 6, y0 + 46], [cx - 40, y0 + 26]], color) +
    polygon([[cx + 32, y0 - 2], [cx, y0 + 18], [cx + 6, y0 + 46], [cx + 40, y0 + 26]], color);
  return scene(
    { wall: ['#e0e9f0', '#c4d3df'], floor: ['#cfc8bb', '#aba395'], horizon: 740, glow: [600, 160, '#fff', 0.6] },
    `<pattern id="plaid" width="60" height="60" patternUnits="userSpaceOnUse"><rect width="60" height="60" fill="#2b3a67"/><rect y="20" width="60" height="16" fill="#3f6b4a" opacity="0.8"/><rect x="20" width="16" height="60" fill="#3f6b4a" opacity="0.7"/><rect y="44" width="60" height="3" fill="#e9c46a"/><rect x="44" width="3" height="60" fill="#e9c46a" opacity="0.8"/></pattern>` +
      linH('clothShade', [[0, '#000', 0.22], [0.2, '#000', 0], [0.75, '#000', 0], [1, '#000', 0.28]]) +
      linH('chrome', [[0, '#8d949c'], [0.5, '#f1f3f5'], [1, '#7b828a']]) +
      lin('chromeH', [[0, '#f1f3f5'], [1, '#8d949c']]) +
      lin('box', [[0, '#d4a873'], [1, '#b08050']]),
    `${shadow(600, 800, 470, 26, 0.4)}
${rect(172, 196, 16, 584, 'url(#chrome)')}${rect(1012, 196, 16, 584, 'url(#chrome)')}${rrect(160, 194, 880, 16, 8, 'url(#chromeH)')}
${rect(130, 766, 140, 12, 'url(#chromeH)')}${rect(930, 766, 140, 12, 'url(#chromeH)')}
${[140, 260, 940, 1060].map((x) => circle(x, 790, 12, '#333')).join('')}
${hanger(300, y0)}${hanger(450, y0)}${hanger(750, y0)}${hanger(900, y0)}
<path d="M600 208 L600 240" stroke="#b8bec6" stroke-width="5"/>${rect(520, 236, 160, 12, '#b8bec6')}
${path(blazer, '#1f2d4f')}${shade(blazer)}
${polygon([[270, y0], [300, y0 + 150], [330, y0]], '#f4f4f4')}${polygon([[270, y0], [250, y0 + 40], [286, y0 + 60], [300, y0 + 150]], '#2b3b63')}${polygon([[330, y0], [350, y0 + 40], [314, y0 + 60], [300, y0 + 150]], '#2b3b63')}
${buttons(300, [y0 + 180, y0 + 230], '#d4af37')}${path(`M322 ${y0 + 90} l30 -4 l0 30 q-15 14 -30 0Z`, '#d4af37')}${rect(232, y0 + 250, 46, 4, '#0f1a33')}${rect(322, y0 + 250, 46, 4, '#0f1a33')}
${path(polo, '#f7f7f4')}${shade(polo)}${collar(450, '#ffffff')}${rect(442, y0 + 16, 16, 80, '#e6e6e1')}${buttons(450, [y0 + 36, y0 + 62, y0 + 86], '#c9c9c2')}
${path('M530 248 L670 248 L712 510 L488 510Z', 'url(#plaid)')}${path('M530 248 L670 248 L712 510 L488 510Z', 'url(#clothShade)')}
${[560, 600, 640].map((x) => line([x, 262], [x + (x - 600) * 0.5, 508], '#101830', 2, 'opacity="0.5"')).join('')}${rect(528, 246, 144, 20, '#2b3a67')}
${path(sweater, '#7a1f2b')}${shade(sweater)}${polygon([[720, y0], [750, y0 + 80], [780, y0]], '#f7f7f4')}${polygon([[735, y0 + 10], [750, y0 + 50], [765, y0 + 10]], '#2b3a67')}
${rect(666, y0 + 270, 168, 30, '#5e1620')}${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((i) => rect(672 + i * 15, y0 + 272, 3, 26, '#000', 'opacity="0.2"')).join('')}
${path(polo2, '#a9cbe8')}${shade(polo2)}${collar(900, '#bcd8ef')}${rect(892, y0 + 16, 16, 80, '#9cc0df')}${buttons(900, [y0 + 36, y0 + 62, y0 + 86], '#fff')}
${shadow(320, 846, 170, 16, 0.4)}
${rrect(170, 740, 300, 110, 8, 'url(#box)')}${rect(170, 740, 300, 16, '#000', 'opacity="0.15"')}
${rrect(200, 712, 240, 34, 8, '#f7f7f4')}${rrect(210, 682, 220, 34, 8, '#1f2d4f')}${rrect(226, 654, 190, 32, 8, '#a9cbe8')}`,
  );
}

// ---------------------------------------------------------------------------------------------
// The items

export const DEMO_ITEMS: DemoItem[] = [
  {
    owner: 'alice',
    title: 'Mustard velvet armchair, super comfy',
    description:
      "Mid-century style armchair in mustard velvet with solid wood legs. No rips or stains, just a little shine on the left armrest where my elbow lives. We're moving somewhere smaller and it won't fit. It's a bit heavy, so bring a friend; I can help carry it down the stairs. Evenings after 6 or any time on weekends.",
    tags: ['Furniture', 'Good', 'Free', 'Pickup Only'],
    latitude: 40.7195,
    longitude: -74.0089,
    ageHours: 5,
    svg: armchair(),
  },
  {
    owner: 'bob',
    title: 'Teal desk lamp with warm bulb',
    description:
      'Spring-arm desk lamp that bends every which way and stays put. Comes with a warm LED bulb. Works perfectly, I just put a ceiling light over my desk. I can leave it with the doorman at my building near Wall Street if you cannot make it during the day.',
    tags: ['Electronics', 'Like New', 'Free', 'Indoor'],
    latitude: 40.7075,
    longitude: -74.0113,
    ageHours: 22,
    svg: deskLamp(),
  },
  {
    owner: 'carmen',
    title: 'Stack of six books (novels and a cookbook)',
    description:
      "Finally cleared a shelf: five novels (two mysteries, one big family saga, two I never finished) and a well-loved cookbook. Spines are a little creased from subway reading, otherwise fine. Take the lot or just the ones you like. They're in a tote bag by my stoop in Cobble Hill, help yourself.",
    tags: ['Books', 'Good', 'Free', 'Neighborhood'],
    latitude: 40.6865,
    longitude: -73.9962,
    ageHours: 48,
    svg: books(),
  },
  {
    owner: 'alice',
    title: 'Teal city bike with front basket',
    description:
      "Three-speed city bike with a wicker basket and fenders, so no more muddy backs. Tires were pumped last week; the rear brake could use a tune-up. I'd love to trade for a 20-inch kid's bike, but happy to hear other offers. Test rides welcome along the Hudson River Park path.",
    tags: ['Sports', 'Used', 'Outdoor', 'For Trade'],
    latitude: 40.7358,
    longitude: -74.0036,
    ageHours: 70,
    svg: bicycle(),
  },
  {
    owner: 'carmen',
    title: 'Wooden toy set: blocks, stacking rings, car and ball',
    description:
      'My youngest has outgrown these: alphabet blocks, a rainbow stacking tower, a little wooden car and a soft ball. Everything is washed and wiped down, and the paint is still bright. Great for ages 1 to 3. Pickup in Fort Greene, or I can drop them off if you live close by.',
    tags: ['Toys', 'Like New', 'Free', 'Delivery Available'],
    latitude: 40.6897,
    longitude: -73.9747,
    ageHours: 9,
    svg: toys(),
  },
  {
    owner: 'bob',
    title: 'Pots: big stockpot, copper saucepan, red Dutch oven',
    description:
      'Upgraded my kitchen, so these need a new home. A big stainless stockpot with lid (soup or pasta for a crowd), a small copper saucepan and a red enamel Dutch oven with a tiny chip on the lid rim. All clean and ready to cook with. They are heavy, so pickup only, in Chinatown near Columbus Park.',
    tags: ['Kitchenware', 'Good', 'Pickup Only'],
    latitude: 40.7158,
    longitude: -73.997,
    ageHours: 30,
    svg: pots(),
  },
  {
    owner: 'alice',
    title: 'Big leafy rubber plant in terracotta pot',
    description:
      'This rubber plant has outgrown my window. About three feet tall, healthy and still putting out new leaves. Comes with the terracotta pot and saucer. Likes bright indirect light and a drink once a week. Free to someone who will give it some love; pickup from my lobby in Battery Park City.',
    tags: ['Indoor', 'Free', 'Good', 'Local Only'],
    latitude: 40.7115,
    longitude: -74.016,
    ageHours: 2,
    svg: plant(),
  },
  {
    owner: 'bob',
    title: 'Sunburst acoustic guitar, plays well',
    description:
      "Full-size acoustic guitar with a sunburst finish. New strings last month and it holds its tuning. A couple of small dings on the back, nothing that affects the sound. I'd like to trade it for a keyboard, but I'm open to ideas. Come strum a few chords before you decide, I'm by Hamilton Park in Jersey City.",
    tags: ['For Trade', 'Used', 'Local Only'],
    latitude: 40.7275,
    longitude: -74.045,
    ageHours: 96,
    svg: guitar(),
  },
  {
    owner: 'carmen',
    title: 'Warm blue puffer coat, adult medium',
    description:
      'Cobalt blue puffer coat with a hood, adult size M. Really warm, it got me through last January. Zip and pockets all work, no tears or stains. Giving it away so someone stays warm this winter; if you know a family who needs it, please pass it on. I can drop it off anywhere around Boerum Hill.',
    tags: ['Clothing', 'Like New', 'Charity', 'Free'],
    latitude: 40.6854,
    longitude: -73.984,
    ageHours: 14,
    svg: coat(),
  },
  {
    owner: 'bob',
    title: 'Red toolbox with hammer, screwdriver and tape measure',
    description:
      'Sturdy metal toolbox with a lift-out tray. Comes with a claw hammer, a screwdriver, a tape measure and a jar of assorted screws. Handy for a first apartment. Some scratches and a splash of paint on the lid, but the latches close tight. Pickup in Williamsburg, five minutes from the Bedford Av L stop.',
    tags: ['Tools', 'Used', 'Pickup Only'],
    latitude: 40.7081,
    longitude: -73.9571,
    ageHours: 120,
    svg: toolbox(),
  },
  {
    owner: 'alice',
    title: 'Vintage lake-at-sunset painting in a gold frame',
    description:
      "Oil painting of a lake at sunset in an old gilded frame, about 24 by 18 inches. I found it at an estate sale years ago and loved it, but I'm redecorating. The frame has a few tiny chips in the gold, which honestly adds to the charm. Happy to trade for a plant or a print, or just take it if it makes you smile.",
    tags: ['Art', 'Vintage', 'For Trade', 'Indoor'],
    latitude: 40.7233,
    longitude: -74.003,
    ageHours: 200,
    svg: painting(),
  },
  {
    owner: 'carmen',
    title: 'Ludo board game, complete with dice and tokens',
    description:
      'Classic ludo set: board, sixteen tokens and two dice, all pieces counted (twice). The box is a little worn at the corners. Perfect for rainy afternoons or a game night with the neighbours. Pick it up in Brooklyn Heights, I am usually home after 5.',
    tags: ['Toys', 'Good', 'Indoor'],
    latitude: 40.696,
    longitude: -73.9936,
    ageHours: 160,
    svg: boardGame(),
  },
  {
    owner: 'alice',
    title: 'Wooden record player, needs a new needle',
    description:
      "Seventies belt-drive turntable in a walnut case. Both speeds work and the platter spins smooth and steady, but the needle is worn, so you'll want a new cartridge before playing your good records. I'll throw in two albums. Pickup in Jersey City, a short walk from Grove Street PATH.",
    tags: ['Electronics', 'Vintage', 'Needs Repair'],
    latitude: 40.7195,
    longitude: -74.043,
    ageHours: 260,
    svg: recordPlayer(),
  },
  {
    owner: 'bob',
    title: 'Fresh sourdough loaves, baked this morning',
    description:
      'I always bake too much on Saturdays. Country sourdough, crackly crust, soft and tangy inside. Two loaves up for grabs today, and I can share some starter if you want to try baking your own (bring a clean jar). Ring the bell marked B on East 6th Street, or message me first.',
    tags: ['Food', 'Free', 'Neighborhood'],
    latitude: 40.7265,
    longitude: -73.9815,
    ageHours: 1,
    svg: sourdough(),
  },
  {
    owner: 'bob',
    title: 'Taco stand: menu of the day in Paulus Hook',
    description:
      "We're parked at Grand and Washington today from noon to 8 pm. On the menu: al pastor, carnitas and rajas con queso tacos, $3 each, plus fresh horchata for $2. Tortillas pressed right here on the cart. Come say hi; the first five neighbours who mention this post get a free horchata.",
    tags: ['Restaurant', 'Food', 'Event', 'Local Only'],
    latitude: 40.715,
    longitude: -74.0365,
    ageHours: 3,
    svg: tacoMenu(),
  },
  {
    owner: 'carmen',
    title: 'School uniform swap this Saturday',
    description:
      'Uniform swap for local school families this Saturday, 10 am to 1 pm, in the church hall on Henry Street. Bring what your kids have outgrown and take what fits: blazers, white and blue polos, plaid skirts and sweaters, sizes 5 to 14. Everything should be washed. Leftovers go to the school charity closet.',
    tags: ['Clothing', 'School', 'For Trade', 'Event', 'Charity'],
    latitude: 40.7135,
    longitude: -73.99,
    ageHours: 36,
    svg: uniformSwap(),
  },
];
