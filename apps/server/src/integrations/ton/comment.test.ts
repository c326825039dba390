import { beginCell } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { commentBoc, commentFromBoc, MAX_COMMENT_BYTES } from './comment.ts';

describe('text comments', () => {
  it('decodes comment bodies exactly as toncenter served them', () => {
    // in_msg.message_content of real transactions, with toncenter's own decoding beside them
    expect(commentFromBoc('te6cckEBAQEAEAAAHAAAAAAxOTg1NTk3NjUxSmLi/w==')).toBe('1985597651');
    expect(commentFromBoc('te6cckEBAQEAFQAAJgAAAABZZXNzc3NzIEltIGRvbmV4d0SJ')).toBe('Yesssss Im done');
  });

  it('round-trips short, long (snake) and non-ASCII comments', () => {
    for (const text of ['PW-1234', 'x'.repeat(500), 'оплата 🎨 pixel', '']) {
      expect(commentFromBoc(commentBoc(text))).toBe(text);
    }
  });

  it('understands a forward payload with its Either bit in front', () => {
    const inner = beginCell().storeUint(0, 32).storeStringTail('memo-1').endCell();
    const inline = beginCell().storeBit(false).storeUint(0, 32).storeStringTail('memo-2').endCell();
    const byRef = beginCell().storeBit(true).storeRef(inner).endCell();
    expect(commentFromBoc(inline.toBoc().toString('base64'))).toBe('memo-2');
    expect(commentFromBoc(byRef.toBoc().toString('base64'))).toBe('memo-1');
  });

  it('is null for other payloads, junk and oversized text', () => {
    const notify = beginCell().storeUint(0x7362d09c, 32).storeUint(0, 64).endCell();
    expect(commentFromBoc(notify.toBoc().toString('base64'))).toBeNull();
    expect(commentFromBoc(beginCell().endCell().toBoc().toString('base64'))).toBeNull();
    expect(commentFromBoc('not base64 at all')).toBeNull();
    expect(commentFromBoc(null)).toBeNull();
    expect(commentFromBoc(commentBoc('y'.repeat(MAX_COMMENT_BYTES + 1)))).toBeNull();
    const badUtf8 = beginCell()
      .storeUint(0, 32)
      .storeBuffer(Buffer.from([0xff, 0xfe]))
      .endCell();
    expect(commentFromBoc(badUtf8.toBoc().toString('base64'))).toBeNull();
  });
});
