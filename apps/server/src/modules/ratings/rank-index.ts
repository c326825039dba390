/**
 * An order-statistic index over (score, id) entries, ordered by score descending, then id
 * ascending. The entries sit in sorted blocks of at most 1,024 (score, id pairs side by side in one
 * Float64Array per block), and a Fenwick tree over the block sizes turns "index within a block"
 * into "index on the board".
 *
 * - countBefore (a player's rank): binary search over the blocks' first keys, binary search inside
 *   one block, a Fenwick prefix sum: O(log n).
 * - slice (a page): a Fenwick descent to the block holding the start index, then a linear read:
 *   O(log n + page).
 * - insert / delete: the same search, then a shift of at most one block's entries (≤ 16 KB of
 *   contiguous memory) and a Fenwick update; a full block splits, a near-empty one merges.
 *
 * Why blocks and not a balanced tree: at a million players a tree walk is ~30 levels of cache
 * misses per update, and every paint batch moves each of its painters; the blocks keep an update
 * within a few cache-friendly binary searches and one memmove.
 */

const BLOCK = 1024;
const MERGE_BELOW = BLOCK / 4;

interface Block {
  /** score, id, score, id, … for the first `n` entries */
  keys: Float64Array;
  n: number;
}

function newBlock(): Block {
  return { keys: new Float64Array(2 * BLOCK), n: 0 };
}

/** (s1, i1) comes before (s2, i2) in rating order. */
function before(s1: number, i1: number, s2: number, i2: number): boolean {
  return s1 > s2 || (s1 === s2 && i1 < i2);
}

export class RankIndex {
  private blocks: Block[] = [];
  /** Fenwick tree (1-based) over the block sizes. */
  private fenwick = new Int32Array(1);
  private total = 0;

  get size(): number {
    return this.total;
  }

  clear(): void {
    this.blocks = [];
    this.fenwick = new Int32Array(1);
    this.total = 0;
  }

  insert(id: number, score: number): void {
    if (this.blocks.length === 0) {
      this.blocks.push(newBlock());
      this.rebuild();
    }
    let bi = this.blockFor(score, id);
    if (this.blocks[bi]!.n === BLOCK) {
      this.split(bi);
      bi = this.blockFor(score, id);
    }
    const b = this.blocks[bi]!;
    const p = lowerBound(b, score, id);
    b.keys.copyWithin(2 * p + 2, 2 * p, 2 * b.n);
    b.keys[2 * p] = score;
    b.keys[2 * p + 1] = id;
    b.n++;
    this.total++;
    this.add(bi, 1);
  }

  /** Removes the entry (id, score); false when there is none. */
  delete(id: number, score: number): boolean {
    if (this.total === 0) return false;
    const bi = this.blockFor(score, id);
    const b = this.blocks[bi]!;
    const p = lowerBound(b, score, id);
    if (p >= b.n || b.keys[2 * p] !== score || b.keys[2 * p + 1] !== id) return false;
    b.keys.copyWithin(2 * p, 2 * p + 2, 2 * b.n);
    b.n--;
    this.total--;
    this.add(bi, -1);
    if (b.n < MERGE_BELOW) this.mergeAround(bi);
    return true;
  }

  /** How many entries come strictly before the key (score, id) in rating order. */
  countBefore(score: number, id: number): number {
    if (this.total === 0) return 0;
    const bi = this.blockFor(score, id);
    return this.prefix(bi) + lowerBound(this.blocks[bi]!, score, id);
  }

  /** How many entries score at least `score` (every entry for -Infinity, none for +Infinity). */
  countAtLeast(score: number): number {
    return score === Number.POSITIVE_INFINITY ? 0 : this.countBefore(score, Number.POSITIVE_INFINITY);
  }

  /** Up to `count` entries from index `start` (0-based, rating order), appended to `out`. */
  slice(
    start: number,
    count: number,
    out: { id: number; score: number }[] = [],
  ): { id: number; score: number }[] {
    if (count <= 0 || start < 0 || start >= this.total) return out;
    // Fenwick descent: the last block whose entries all come before `start`.
    let bi = 0;
    let rest = start;
    for (let step = highestPowerOfTwo(this.blocks.length); step > 0; step >>= 1) {
      const next = bi + step;
      if (next <= this.blocks.length && this.fenwick[next]! <= rest) {
        bi = next;
        rest -= this.fenwick[next]!;
      }
    }
    for (; bi < this.blocks.length && count > 0; bi++, rest = 0) {
      const b = this.blocks[bi]!;
      for (let p = rest; p < b.n && count > 0; p++, count--)
        out.push({ id: b.keys[2 * p + 1]!, score: b.keys[2 * p]! });
    }
    return out;
  }

  /** The block a key belongs in: the last one whose first entry does not come after the key. */
  private blockFor(score: number, id: number): number {
    let lo = 0;
    let hi = this.blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      const k = this.blocks[mid]!.keys;
      if (before(score, id, k[0]!, k[1]!)) hi = mid - 1;
      else lo = mid;
    }
    return lo;
  }

  private split(bi: number): void {
    const b = this.blocks[bi]!;
    const half = b.n >> 1;
    const upper = newBlock();
    upper.keys.set(b.keys.subarray(2 * half, 2 * b.n));
    upper.n = b.n - half;
    b.n = half;
    this.blocks.splice(bi + 1, 0, upper);
    this.rebuild();
  }

  /** Drops an empty block, or folds a small one into a neighbour that has room. */
  private mergeAround(bi: number): void {
    if (this.blocks.length === 1) return;
    const b = this.blocks[bi]!;
    if (b.n === 0) {
      this.blocks.splice(bi, 1);
      this.rebuild();
      return;
    }
    const [lo, hi] = bi + 1 < this.blocks.length ? [bi, bi + 1] : [bi - 1, bi];
    const first = this.blocks[lo]!;
    const second = this.blocks[hi]!;
    if (first.n + second.n > BLOCK / 2) return;
    first.keys.set(second.keys.subarray(0, 2 * second.n), 2 * first.n);
    first.n += second.n;
    this.blocks.splice(hi, 1);
    this.rebuild();
  }

  private rebuild(): void {
    const n = this.blocks.length;
    const f = new Int32Array(n + 1);
    for (let i = 1; i <= n; i++) {
      f[i]! += this.blocks[i - 1]!.n;
      const parent = i + (i & -i);
      if (parent <= n) f[parent]! += f[i]!;
    }
    this.fenwick = f;
  }

  private add(bi: number, delta: number): void {
    for (let i = bi + 1; i < this.fenwick.length; i += i & -i) this.fenwick[i]! += delta;
  }

  /** Entries in blocks [0, bi). */
  private prefix(bi: number): number {
    let s = 0;
    for (let i = bi; i > 0; i -= i & -i) s += this.fenwick[i]!;
    return s;
  }
}

/** Entries of `b` strictly before (score, id). */
function lowerBound(b: Block, score: number, id: number): number {
  let lo = 0;
  let hi = b.n;
  const k = b.keys;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(k[2 * mid]!, k[2 * mid + 1]!, score, id)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function highestPowerOfTwo(n: number): number {
  let p = 1;
  while (p * 2 <= n) p *= 2;
  return n === 0 ? 0 : p;
}
