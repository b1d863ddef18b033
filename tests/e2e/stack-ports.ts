/**
 * Ports of the stack the end-to-end suite starts: apart from `npm start`'s, so both can run.
 * E2E_PORT_OFFSET moves all three (to run two suites side by side).
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const E2E_PORTS = { auth: 9299 + offset, api: 4100 + offset, web: 8788 + offset } as const;
export const E2E_WEB_URL = `http://127.0.0.1:${E2E_PORTS.web}`;
