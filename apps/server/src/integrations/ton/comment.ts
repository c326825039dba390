/**
 * Text comments on TON messages: a body (or jetton forward payload) that starts with op = 0 (u32)
 * followed by UTF-8 bytes, continued through the first reference of each cell ("snake" format).
 * The memo of an order travels as such a comment.
 */
import { beginCell, Cell, type Slice } from '@ton/core';

/** Comments longer than this are not ours (memos are short) and are not worth decoding. */
export const MAX_COMMENT_BYTES = 1024;
const utf8 = new TextDecoder('utf-8', { fatal: true });

function readSnake(s: Slice): string | null {
  const chunks: Buffer[] = [];
  let size = 0;
  let cur: Slice | null = s;
  while (cur) {
    if (cur.remainingBits % 8 !== 0) return null;
    const bytes = cur.loadBuffer(cur.remainingBits / 8);
    size += bytes.length;
    if (size > MAX_COMMENT_BYTES) return null;
    chunks.push(bytes);
    cur = cur.remainingRefs > 0 ? cur.loadRef().beginParse() : null;
  }
  try {
    return utf8.decode(Buffer.concat(chunks));
  } catch {
    return null;
  }
}

function commentOfSlice(s: Slice): string | null {
  if (s.remainingBits < 32 || s.preloadUint(32) !== 0) return null;
  s.skip(32);
  return readSnake(s);
}

/**
 * The text comment in a base64 BoC (message body or jetton forward payload), or null when the
 * payload is something else. A forward payload may arrive with its Either bit still in front
 * (0 = inline, 1 = in the first reference); both are understood.
 */
export function commentFromBoc(boc: string | null | undefined): string | null {
  if (!boc) return null;
  let root: Cell;
  try {
    const cells = Cell.fromBoc(Buffer.from(boc, 'base64'));
    if (cells.length !== 1) return null;
    root = cells[0]!;
    if (root.isExotic) return null;
  } catch {
    return null;
  }
  try {
    const direct = commentOfSlice(root.beginParse());
    if (direct !== null) return direct;
    const s = root.beginParse();
    if (s.remainingBits < 1) return null;
    if (s.loadBit()) return s.remainingRefs > 0 ? commentOfSlice(s.loadRef().beginParse()) : null;
    return commentOfSlice(s);
  } catch {
    return null;
  }
}

/** A comment as a base64 BoC (op 0 + snake text): what wallets send, and what our fakes serve. */
export function commentBoc(text: string): string {
  return beginCell().storeUint(0, 32).storeStringTail(text).endCell().toBoc().toString('base64');
}
