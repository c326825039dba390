/** 12×12 multi-colour pixel art of the goods; each letter is a colour of ART_COLORS, '.' is empty. */
import type { ArtKey } from '@pixel-wall/shared';
import { PRODUCTS } from '@pixel-wall/shared/core';

export const ART_COLORS: Readonly<Record<string, string>> = {
  k: '#1b1c22',
  g: '#3ecf6e',
  y: '#ffd635',
  o: '#ff8a1f',
  O: '#c85f00',
  r: '#e53935',
  R: '#9e1b1b',
  w: '#e8d9b0',
  s: '#aab2bd',
  b: '#3690ea',
  p: '#9b59d0',
  P: '#5e2a7e',
  G: '#2ecc71',
  B: '#4fc3f7',
  W: '#ffffff',
  n: '#2e7d32',
};

/** One picture per art key of the catalogue: a product whose art is missing does not type-check. */
export const PRODUCT_ART: Readonly<Record<ArtKey, readonly string[]>> = {
  restoring: [
    '....kkkk....',
    '..kkkkkkkk..',
    '..kggggggk..',
    '..kgggyygk..',
    '..kggyyggk..',
    '..kgyyyyyk..',
    '..kggyyggk..',
    '..kgyyyggk..',
    '..kgyggggk..',
    '..kggggggk..',
    '..kggggggk..',
    '..kkkkkkkk..',
  ],
  dynamite: [
    '.........y..',
    '........yoy.',
    '.......w.y..',
    '......w.....',
    '...rrrrrr...',
    '...rRrRrR...',
    '...rRrRrR...',
    '...kkkkkk...',
    '...rRrRrR...',
    '...rRrRrR...',
    '...rrrrrr...',
    '............',
  ],
  paintCan: [
    '...kkkkkk...',
    '..k......k..',
    '.bbbbbbbbbb.',
    '.sbbbbbbbbs.',
    '.sssbssssss.',
    '.sssbsWWsss.',
    '.sssbsWWsss.',
    '.sssssssss..',
    '.ssssssssss.',
    '.ssssssssss.',
    '..ssssssss..',
    '............',
  ],
  pumpkin: [
    '.....nn.....',
    '......n.....',
    '..oooooooo..',
    '.oOooOOooOo.',
    '.oooooooooo.',
    '.ookkookkoo.',
    '.oooooooooo.',
    '.ooOkkkkOoo.',
    '.ooookkoooo.',
    '..oooooooo..',
    '............',
    '............',
  ],
  pixanosSnap: [
    '..p.p.p.....',
    '..p.p.p.p...',
    '..p.p.p.p...',
    '..ppppppp.y.',
    '..pppppppyyy',
    '..rpGpBpy.y.',
    '..ppppppp...',
    '...ppppp....',
    '...ppppp....',
    '...PPPPP....',
    '...PPPPP....',
    '............',
  ],
  pipette: [
    '.........kk.',
    '........kkkk',
    '.......kkkk.',
    '......sssk..',
    '.....sBs....',
    '....sBs.....',
    '...sBs......',
    '..sBs.......',
    '..Bs........',
    '.B..........',
    '.B..........',
    '............',
  ],
  fastMode: [
    '.......yy...',
    '......yy....',
    '.....yy.....',
    '....yy......',
    '...yyyyyy...',
    '......yy....',
    '.....yy.....',
    '....yy......',
    '...yy.......',
    '..yy........',
    '............',
    '............',
  ],
  bundle: [
    '....r..r....',
    '.....rr.....',
    '.ggggrrgggg.',
    '.ggggrrgggg.',
    '.kkkkkkkkkk.',
    '..gggrrggg..',
    '..gggrrggg..',
    '..gggrrggg..',
    '..gggrrggg..',
    '..gggrrggg..',
    '..kkkkkkkk..',
    '............',
  ],
  allColors: [
    '............',
    '............',
    '...rrrrrr...',
    '.rroooooorr.',
    'rrooyyyyoorr',
    'royyggggyyor',
    'oyygbbbbgyyo',
    'oygbppppbgyo',
    'oygbp..pbgyo',
    'ygbp....pbgy',
    '............',
    '............',
  ],
};

/** Each product's picture, by product id: the catalogue's art keys. */
export const PRODUCT_ART_KEY: Readonly<Partial<Record<number, ArtKey>>> = Object.fromEntries(
  PRODUCTS.map((p) => [p.id, p.art]),
);

/** One SVG path per colour, horizontal runs merged; offset by (dx, dy). */
export function artPaths(rows: readonly string[], dx = 0, dy = 0): { color: string; d: string }[] {
  const byColor = new Map<string, string>();
  rows.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      const ch = row[x]!;
      if (ch === '.' || !ART_COLORS[ch]) {
        x += 1;
        continue;
      }
      let end = x;
      while (row[end] === ch) end += 1;
      const d = byColor.get(ch) ?? '';
      byColor.set(ch, `${d}M${x + dx} ${y + dy}h${end - x}v1h${x - end}z`);
      x = end;
    }
  });
  return [...byColor].map(([ch, d]) => ({ color: ART_COLORS[ch]!, d }));
}
