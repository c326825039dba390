/**
 * Every word a player reads goes through `t()`. This scans the app's JSX for text nodes and
 * user-facing string props (title, aria-label, placeholder, alt, label) written as plain literals.
 * Brand names and symbols are allowed; anything else found here is an untranslated string.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const TEXT_PROPS = new Set(['title', 'aria-label', 'placeholder', 'alt', 'label', 'aria-description']);
/** Words that read the same in every language. */
const ALLOWED = new Set(['Pixel Wall', 'PX', 'TON', 'Telegram', 'Stars', 'XTR', 'FPS', 'NFT', 'ID', 'OK']);
/** Symbols: canvas coordinates and the id label beside a number (`x 12 · y 40`, `id 7`). */
const SYMBOLS = new Set(['x', 'y', 'id']);

export interface Finding {
  file: string;
  line: number;
  text: string;
}

/** A literal a player would read: it has letters, and it is not a brand name or a symbol. */
export function isProse(text: string): boolean {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  if (!/\p{L}/u.test(trimmed)) return false;
  const letters = trimmed.replace(/[^\p{L}\s]/gu, '').trim();
  return !ALLOWED.has(trimmed) && !letters.split(/\s+/).every((word) => SYMBOLS.has(word.toLowerCase()));
}

export function findUntranslated(fileName: string, source: string): Finding[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Finding[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push({
      file: fileName,
      line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      text: text.trim(),
    });
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isProse(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && TEXT_PROPS.has(node.name.getText(sf)) && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init) && isProse(init.text)) report(init, init.text);
      if (
        ts.isJsxExpression(init) &&
        init.expression &&
        (ts.isStringLiteral(init.expression) || ts.isNoSubstitutionTemplateLiteral(init.expression)) &&
        isProse(init.expression.text)
      ) {
        report(init, init.expression.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function appFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : appFiles(file);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [file] : [];
  });
}

describe('untranslated strings', () => {
  it('finds JSX text and text props written as literals, and lets brands and symbols through', () => {
    const source = `
      export const A = () => (
        <div title="Close the menu" aria-label={t('x')} placeholder={'Your name'}>
          Hello there
          <span>{t('ok')}</span>
          <b>Pixel Wall</b> · 42 × <i>PX</i> x 12 · y 40
          <img alt="" src="a.png" />
        </div>
      );`;
    expect(findUntranslated('a.tsx', source).map((f) => f.text)).toEqual([
      'Close the menu',
      'Your name',
      'Hello there',
    ]);
  });

  it('are nowhere in the app', () => {
    const found = appFiles(SRC).flatMap((file) =>
      findUntranslated(path.relative(SRC, file), fs.readFileSync(file, 'utf8')),
    );
    expect(found.map((f) => `${f.file}:${f.line} "${f.text}"`)).toEqual([]);
  });
});
