import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('./eval-cli.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'matching-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('eval-cli', () => {
  it('writes ranked candidates and prints the metrics for a Czech catalogue', async () => {
    const left = file(
      'shop.csv',
      'id,name,description,brand,price,ean\n' +
        'a1,"Kofola Originál 2 l","Nápoj, sycený\nna dva řádky",Kofola,"39,90 Kč",\n' +
        'a2,"Mléko polotučné 1 l",,Madeta,"24,90 Kč",8594001234561\n' +
        'a3,"Philips zastřihovač BT3206/14",,Philips,"599,- Kč",\n',
    );
    const right = file(
      'competitor.csv',
      'name,id,manufacturer,price,gtin\n' +
        '"KOFOLA ORIGINAL 2000 ml",b1,Kofola,"41,90",\n' +
        '"Mleko 1000ml",b2,Madeta,"23,50",08594001234561\n' +
        '"Zastřihovač vousů Philips BT3206-14",b3,Philips,"579",\n' +
        '"Kofola Citrus 2 l",b4,Kofola,"39,90",\n',
    );
    const truth = file('truth.csv', 'shop,competitor\na1,b1\na2,b2\na3,b3\n');
    const out = join(dir, 'out.csv');
    const { stdout } = await run(TSX, [
      CLI,
      '--left',
      left,
      '--right',
      right,
      '--top',
      '2',
      '--out',
      out,
      '--truth',
      truth,
    ]);
    const rows = parseCsv(readFileSync(out, 'utf8'));
    expect(Object.keys(rows[0]!)).toEqual(['left_id', 'right_id', 'rank', 'score']);
    expect(rows.filter((row) => row.rank === '1').map((row) => `${row.left_id}:${row.right_id}`)).toEqual([
      'a1:b1',
      'a2:b2',
      'a3:b3',
    ]);
    expect(rows).toHaveLength(6);
    expect(stdout).toMatch(/recall@1: 1\.000 {2}recall@5: 1\.000 {2}recall@10: 1\.000/);
    expect(stdout).toMatch(/automatic matches/);
  }, 60_000);

  it('explains its usage when arguments are missing', async () => {
    await expect(run(TSX, [CLI, '--left', 'x.csv'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/usage:/),
    });
  }, 30_000);
});
