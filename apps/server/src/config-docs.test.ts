import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_NAMES } from './config.ts';

const ROOT = new URL('../../../', import.meta.url);
const read = (file: string) => fs.readFileSync(new URL(file, ROOT), 'utf8');

/** `NAME=` or `#NAME=` lines, up to the section of variables only compose reads */
function envExampleNames(text: string): string[] {
  const serverPart = text.split(/^# -+ Read by compose/m)[0]!;
  return [...serverPart.matchAll(/^#?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!);
}

/** the first column of the README's "## Configuration" table */
function readmeTableNames(text: string): string[] {
  const start = text.indexOf('## Configuration');
  const section = text.slice(start, text.indexOf('\n## ', start + 1));
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]!);
}

const sorted = (names: Iterable<string>) => [...names].sort();

describe('configuration documents', () => {
  it('config.ts reads variables', () => {
    expect(ENV_NAMES).toContain('PORT');
    expect(ENV_NAMES).toContain('TON_PAYMENT_WALLET');
    expect(ENV_NAMES).toContain('MARKET_DATA_URL');
  });

  it('.env.example lists every variable config.ts reads, each once, and no other', () => {
    const names = envExampleNames(read('.env.example'));
    expect(names.length, 'a variable listed twice').toBe(new Set(names).size);
    expect(sorted(names)).toEqual(sorted(ENV_NAMES));
  });

  it("the README's configuration table lists every variable config.ts reads, each once, and no other", () => {
    const names = readmeTableNames(read('README.md'));
    expect(names.length, 'a variable listed twice').toBe(new Set(names).size);
    expect(sorted(names)).toEqual(sorted(ENV_NAMES));
  });

  it('the parsers see a name that is missing', () => {
    expect(envExampleNames('#A_B=1\nCC=\n# text=no\n# ---- Read by compose\n#DOMAIN=x')).toEqual([
      'A_B',
      'CC',
    ]);
    expect(
      readmeTableNames('## Configuration\n| `X_Y` | 1 | m |\n| `ZZ` | — | n |\n## Next\n| `W` |'),
    ).toEqual(['X_Y', 'ZZ']);
  });
});
