/**
 * Statements with their parameters written into their text as literals, for PostgreSQL's simple
 * query protocol: several statements in one Query message run as one implicit transaction (all or
 * none, committed when the last one ends) and cost one round trip, where the extended protocol
 * that parameters need costs one per statement, with BEGIN and COMMIT two more. The group commit
 * sends its 4-6 statements this way (`Database.writeTransaction`; BENCHMARKS.md, "The group commit
 * on PostgreSQL in one round trip").
 *
 * Only what the group commit passes is written: null, finite numbers, booleans, strings, and
 * one-dimensional arrays of those. A literal is quoted by node-postgres's `escapeLiteral`; the
 * array text inside it is built here because node-postgres keeps its own (`prepareValue`) internal.
 * A statement text that holds a string literal or a dollar-quoted body is refused, since a `$n`
 * inside one would be replaced too: the texts passed here have only placeholders.
 */
import type { Statement } from './client.ts';

type Escape = (s: string) => string;

const PLACEHOLDER = /\$(\d+)/g;
/** a quote or a dollar quote ($$ or $tag$) */
const QUOTED = /'|\$[A-Za-z_]*\$/;

export function inlineStatements(statements: readonly Statement[], escapeLiteral: Escape): string {
  return statements.map((s) => inlineStatement(s, escapeLiteral)).join(';\n');
}

function inlineStatement({ text, params = [] }: Statement, escapeLiteral: Escape): string {
  if (QUOTED.test(text))
    throw new Error('inlineStatements: a statement with a quoted part cannot be inlined');
  const body = text.trim().replace(/;+$/, '');
  return body.replace(PLACEHOLDER, (_, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= params.length) throw new Error(`inlineStatements: no parameter for $${n}`);
    return literal(params[i], escapeLiteral);
  });
}

function literal(value: unknown, escapeLiteral: Escape): string {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) return escapeLiteral(`{${value.map(element).join(',')}}`);
  return escapeLiteral(scalar(value));
}

/** An array element in PostgreSQL's array text: NULL bare, strings double-quoted. */
function element(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return `"${value.replace(/["\\]/g, '\\$&')}"`;
  return scalar(value);
}

function scalar(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw new Error(`inlineStatements: ${value} is not a finite number`);
      return String(value);
    case 'bigint':
      return value.toString();
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      throw new Error(`inlineStatements: cannot write a parameter of type ${typeof value}`);
  }
}
