import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { inlineStatements } from './inline-sql.ts';

const inline = (text: string, params?: unknown[]) => inlineStatements([{ text, params }], pg.escapeLiteral);

describe('inlineStatements', () => {
  it('writes each placeholder as a quoted literal, $10 apart from $1', () => {
    const params = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(inline('SELECT $1::int, $10::int, $2', params)).toBe("SELECT '1'::int, '10'::int, '2'");
  });

  it('joins statements with semicolons, dropping their own trailing ones', () => {
    expect(
      inlineStatements(
        [{ text: 'SELECT 1;' }, { text: '  UPDATE t SET v = $1 ', params: [null] }],
        pg.escapeLiteral,
      ),
    ).toBe('SELECT 1;\nUPDATE t SET v = NULL');
  });

  it('writes arrays in PostgreSQL array text: NULL bare, strings quoted and escaped', () => {
    expect(inline('SELECT $1::int[]', [[1, -2, null, 3.5]])).toBe("SELECT '{1,-2,NULL,3.5}'::int[]");
    // Backslashes in the array text: node-postgres writes the literal as E'…' with them doubled.
    expect(inline('SELECT $1::text[]', [['a,b', '{x}', '', 'say "hi"', 'NULL']])).toBe(
      `SELECT  E'{"a,b","{x}","","say \\\\"hi\\\\"","NULL"}'::text[]`,
    );
    expect(inline('SELECT $1::bool[]', [[true, false]])).toBe("SELECT '{true,false}'::bool[]");
    expect(inline('SELECT $1::int[]', [[]])).toBe("SELECT '{}'::int[]");
  });

  it("doubles single quotes, and backslashes in an E'' literal", () => {
    expect(inline('SELECT $1::text', ["it's"])).toBe("SELECT 'it''s'::text");
    expect(inline('SELECT $1::text', ['a\\b'])).toBe("SELECT  E'a\\\\b'::text");
  });

  it('refuses what it cannot write faithfully', () => {
    expect(() => inline("SELECT 'x', $1", [1])).toThrow(/quoted part/);
    expect(() => inline('SELECT $$x$$, $1', [1])).toThrow(/quoted part/);
    expect(() => inline('SELECT $tag$x$tag$', [])).toThrow(/quoted part/);
    expect(() => inline('SELECT $2', [1])).toThrow(/no parameter for \$2/);
    expect(() => inline('SELECT $1', [Number.NaN])).toThrow(/finite/);
    expect(() => inline('SELECT $1', [[Number.POSITIVE_INFINITY]])).toThrow(/finite/);
    expect(() => inline('SELECT $1', [{ a: 1 }])).toThrow(/type object/);
    expect(() => inline('SELECT $1', [[[1]]])).toThrow(/type object/);
    expect(() => inline('SELECT $1', [new Date(0)])).toThrow(/type object/);
  });
});
