/**
 * Two rules of this folder, read from its sources: every toncenter HTTP call goes through
 * `toncenterRequest` (one place for the API key, the timeout, the size bound and the errors), and
 * the only wallet we sign for by hand is the highload one, which has no library; the v4R2 payout
 * wallet is @ton/ton's `WalletContractV4`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = import.meta.dirname;
/** Production sources: not tests, not test support. */
const sources = fs
  .readdirSync(DIR)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'testing.ts')
  .map((f) => ({ file: f, text: fs.readFileSync(path.join(DIR, f), 'utf8') }));

/** Names a file imports from a package. */
function importsFrom(text: string, pkg: string): string[] {
  const names: string[] = [];
  const re = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*'${pkg.replace('/', '\\/')}'`, 'g');
  for (const m of text.matchAll(re)) {
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]!;
      if (name) names.push(name);
    }
  }
  return names;
}

describe('integrations/ton sources', () => {
  it('are found', () => {
    expect(sources.map((s) => s.file)).toEqual(
      expect.arrayContaining(['indexer.ts', 'toncenter-api.ts', 'payout-wallet.ts', 'highload.ts']),
    );
  });

  it('call toncenter only through toncenterRequest', () => {
    const calls = sources.flatMap((s) =>
      [...s.text.matchAll(/\b\w*fetch\s*\(/gi)].map((m) => `${s.file}: ${m[0]}`),
    );
    expect(calls).toEqual(['indexer.ts: doFetch(']);
    const indexer = sources.find((s) => s.file === 'indexer.ts')!.text;
    const body = indexer.slice(indexer.indexOf('export function toncenterRequest('));
    expect(body.slice(0, body.indexOf('\n}\n'))).toContain('doFetch(');
  });

  it('sign wallet messages by hand only for the highload wallet', () => {
    const signers = sources
      .filter((s) => importsFrom(s.text, '@ton/crypto').includes('sign'))
      .map((s) => s.file);
    expect(signers).toEqual(['highload.ts']);
    const payoutWallet = sources.find((s) => s.file === 'payout-wallet.ts')!.text;
    expect(importsFrom(payoutWallet, '@ton/ton')).toContain('WalletContractV4');
  });
});
