import { Buffer } from 'buffer';

// casbin reads the Node.js Buffer global, which browsers do not have (DESIGN §5).
const scope = globalThis as { Buffer?: unknown };
scope.Buffer ??= Buffer;
