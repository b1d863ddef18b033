/**
 * The labelled development sets beside the repository (../shared/datasets, never copied into
 * it): Abt-Buy, Amazon-Google, Amazon-Walmart, each two catalogues and their true pairs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readLabelledSet } from './labelled-set.ts';
import type { LabelledSet } from './learned-eval.ts';

export const DATASETS_DIR = fileURLToPath(new URL('../../../../shared/datasets/', import.meta.url));

export const DEVELOPMENT_SETS = [
  { name: 'abt-buy', left: 'abt.csv', right: 'buy.csv', truth: 'abt_buy_perfect_mapping.csv' },
  { name: 'amazon-google', left: 'left.csv', right: 'right.csv', truth: 'truth.csv' },
  { name: 'amazon-walmart', left: 'left.csv', right: 'right.csv', truth: 'truth.csv' },
] as const;

export function developmentSetsPresent(dir = DATASETS_DIR): boolean {
  return DEVELOPMENT_SETS.every((set) => existsSync(join(dir, set.name, set.truth)));
}

export function loadDevelopmentSets(dir = DATASETS_DIR): LabelledSet[] {
  return DEVELOPMENT_SETS.map((set) => {
    const path = (file: string) => join(dir, set.name, file);
    return readLabelledSet(set.name, {
      left: { name: path(set.left), text: readFileSync(path(set.left), 'utf8') },
      right: { name: path(set.right), text: readFileSync(path(set.right), 'utf8') },
      truth: { name: path(set.truth), text: readFileSync(path(set.truth), 'utf8') },
    });
  });
}
