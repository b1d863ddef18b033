/**
 * Moved to the catalogue area: catalogue/catalogue-scope.ts. This re-export serves the importers
 * not yet switched over (insights/, monitoring/, pricing/); new code imports the catalogue module.
 */
export * from '../../catalogue/catalogue-scope.ts';
