// The web-mode server of the e2e run. The server requires tokens of 16+ characters
// (main/web/access-token.ts), so the token is longer than the bare "e2e-test-token".
/** GPC_E2E_PORT lets two runs share a machine (e.g. a CI check beside a developer's run). */
export const E2E_PORT = Number(process.env.GPC_E2E_PORT ?? 4789);
export const E2E_TOKEN = 'e2e-test-token-web-mode';
