/**
 * The matching engine: loads one competitor's products into the scratch tables, then proposes
 * ranked, scored candidates with their evidence for each of the shop's products.
 */
import { BrandIndex } from './brand.ts';
import { findCandidates, insertCompetitorProducts, createMatchingSchema, type SqlClient } from './candidate-sql.ts';
import { shorterVariants } from './model-numbers.ts';
import { prepareProduct, type PreparedProduct, type ProductInput } from './product.ts';
import { DEFAULT_MODEL } from './default-model.ts';
import { gramsOf, pairFeatures, type FeatureStatistics, type FeatureName } from './features.ts';
import { scoreList, type MatchingModel } from './model.ts';
import { collectEvidence, scoreEvidence, type MatchEvidence } from './score.ts';
import { WordStatistics } from './similarity.ts';

export interface Candidate {
  rightId: string;
  rank: number;
  score: number;
  evidence: MatchEvidence;
  /** which searches proposed it: gtin, code, brand_name, name */
  sources: string[];
  /** the model that scored it ('hand' for the hand-set score) */
  modelVersion: string;
  /** each signal's share of the learned score's log-odds (empty for the hand-set score) */
  contributions: Partial<Record<FeatureName, number>>;
}

export interface EngineOptions {
  /** nearest neighbours by name per search (within the brand, and without) */
  nameLimit?: number;
  /** candidates per model number */
  codeLimit?: number;
  /** the learned model to score with (default: the shipped one), or 'hand' for the hand-set score (score.ts) */
  model?: MatchingModel | 'hand';
}

export class MatchingEngine {
  private readonly brands: BrandIndex;
  private readonly statistics: FeatureStatistics = {
    words: new WordStatistics(),
    codes: new WordStatistics(),
    grams: new WordStatistics(),
  };
  private readonly nameLimit: number;
  private readonly codeLimit: number;
  private readonly model: MatchingModel | 'hand';

  private constructor(
    private readonly client: SqlClient,
    brands: Iterable<string | null | undefined>,
    options: EngineOptions,
  ) {
    this.brands = new BrandIndex(brands);
    this.nameLimit = options.nameLimit ?? 40;
    this.codeLimit = options.codeLimit ?? 20;
    this.model = options.model ?? DEFAULT_MODEL;
  }

  /**
   * Creates the scratch tables and loads the competitor's products. `knownBrands` are brand names
   * (of both catalogues) that names are matched against when a product has no brand of its own.
   */
  static async load(
    client: SqlClient,
    competitorProducts: ProductInput[],
    knownBrands: Iterable<string | null | undefined>,
    options: EngineOptions = {},
  ): Promise<MatchingEngine> {
    const engine = new MatchingEngine(client, [...knownBrands, ...competitorProducts.map((p) => p.brand)], options);
    await createMatchingSchema(client);
    const prepared = competitorProducts.map((product) => engine.prepare(product));
    for (const product of prepared) {
      engine.statistics.words.addDocument(product.words);
      engine.statistics.codes.addDocument([...product.nameCodes, ...product.descriptionCodes]);
      engine.statistics.grams.addDocument(gramsOf(product));
    }
    await insertCompetitorProducts(client, prepared);
    return engine;
  }

  prepare(product: ProductInput): PreparedProduct {
    return prepareProduct(product, this.brands);
  }

  /** Candidates for one of the shop's products, best first, at most `top`. */
  async candidatesFor(product: ProductInput, top: number): Promise<Candidate[]> {
    const left = this.prepare(product);
    const codes = [...left.nameCodes, ...left.descriptionCodes];
    const rows = await findCandidates(this.client, {
      normalizedName: left.normalizedName,
      brand: left.brand,
      gtin: left.gtin,
      codes,
      codeVariants: [...new Set(codes.flatMap(shorterVariants))],
      nameLimit: this.nameLimit,
      codeLimit: this.codeLimit,
    });
    const rights: PreparedProduct[] = rows.map((row) => ({
      ...row,
      words: row.normalizedName.split(' ').filter(Boolean),
    }));
    const evidence = rights.map((right) => collectEvidence(left, right, this.statistics));
    const model = this.model;
    const scores =
      model === 'hand'
        ? evidence.map((e) => ({ score: scoreEvidence(e, this.statistics), contributions: {} }))
        : scoreList(
            model,
            rights.map((right, i) => pairFeatures(left, right, evidence[i]!, this.statistics)),
          );
    const scored = rows.map((row, i) => ({
      rightId: row.id,
      score: scores[i]!.score,
      evidence: evidence[i]!,
      sources: row.sources,
      modelVersion: model === 'hand' ? 'hand' : model.version,
      contributions: scores[i]!.contributions,
    }));
    scored.sort((a, b) => b.score - a.score || a.rightId.localeCompare(b.rightId));
    return scored.slice(0, top).map((candidate, index) => ({ ...candidate, rank: index + 1 }));
  }
}
