/**
 * The model shipped with the project (default-model.json): trained on the development sets
 * (`npm run match:eval -- --write-model api/src/matching/default-model.json`, see README.md),
 * the score of every organization until its own decisions refine it.
 */
import json from './default-model.json' with { type: 'json' };
import { parseModel, type MatchingModel } from './model.ts';

export const DEFAULT_MODEL: MatchingModel = parseModel(json);
