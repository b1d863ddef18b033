/**
 * `tsx api/bench/matching-misses.ts [SET ...] [--top 3] [--below 1]`: the products of the
 * development sets whose true pair the learned score (trained on the other sets, leave one
 * dataset out) does not rank first, leaving out the ties at rank 1 (the same record listed
 * twice: api/src/matching/README.md, "Ties"). For each: our name, the true pair's name and rank,
 * and the first candidates with their score and each signal's contribution, so a change of the
 * signals can be judged on the products it is meant to win. `--below 3` lists only the misses
 * below rank 3 (recall@3).
 */
import { parseArgs } from 'node:util';
import { loadDevelopmentSets } from '../src/matching/development-sets.ts';
import { leaveOneDatasetOut, prepareSet } from '../src/matching/learned-eval.ts';
import { scoreList } from '../src/matching/model.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '3' }, below: { type: 'string', default: '1' } },
});
const top = Number(values.top);
const below = Number(values.below);

const sets = loadDevelopmentSets();
const prepared = sets.map(prepareSet);
const lodo = leaveOneDatasetOut(prepared);
const wanted = positionals.length ? positionals : sets.map((s) => s.name);

for (const [i, set] of sets.entries()) {
  if (!wanted.includes(set.name)) continue;
  const model = lodo[i]!.model;
  const names = new Map([...set.left, ...set.right].map((p) => [p.id, p.name]));
  const descriptions = new Map(set.right.map((p) => [p.id, p.description ?? '']));
  const truth = prepared[i]!.truth;
  let count = 0;
  console.log(`\n=== ${set.name} (model trained on ${model.trainedOn.join(', ')})`);
  for (const list of prepared[i]!.lists) {
    const expected = truth.get(list.leftId);
    if (!expected) continue;
    const scores = scoreList(
      model,
      list.candidates.map((c) => c.features),
    );
    const ranked = list.candidates
      .map((c, j) => ({ ...c, ...scores[j]! }))
      .sort((a, b) => b.score - a.score || a.rightId.localeCompare(b.rightId));
    const rank = ranked.findIndex((c) => expected.has(c.rightId));
    if (rank >= 0 && rank < below) continue;
    if (rank > 0 && ranked[rank]!.score === ranked[0]!.score) continue;
    count++;
    console.log(`\n# ${names.get(list.leftId)}`);
    console.log(`  true: ${[...expected].map((id) => names.get(id)).join(' | ')} (rank ${rank < 0 ? '-' : rank + 1})`);
    const shown = ranked.slice(0, top);
    if (rank >= top) shown.push(ranked[rank]!);
    for (const c of shown) {
      const mark = expected.has(c.rightId) ? '*' : ' ';
      const parts = Object.entries(c.contributions)
        .map(([name, value]) => `${name} ${value.toFixed(2)}`)
        .join(', ');
      console.log(`  ${mark} ${c.score.toFixed(3)} ${names.get(c.rightId)}`);
      console.log(`      ${parts}`);
      const description = descriptions.get(c.rightId);
      if (description) console.log(`      description: ${description.slice(0, 160)}`);
    }
  }
  console.log(`\n${set.name}: ${count} misses (not ties)`);
}
