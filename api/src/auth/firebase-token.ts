/**
 * The Firebase token verifier lives in its own workspace package, shared with the edge
 * (packages/firebase-token/README.md). Import `@console/firebase-token`; this re-export only keeps
 * callers written before the move working and goes once none is left.
 */
export * from '@console/firebase-token';
