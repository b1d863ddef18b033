/** Ports of the stack the end-to-end suite starts: apart from `npm start`'s, so both can run. */
export const E2E_PORTS = { auth: 9299, api: 4100, web: 8788 } as const;
export const E2E_WEB_URL = `http://127.0.0.1:${E2E_PORTS.web}`;
