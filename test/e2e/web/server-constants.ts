// The web-mode server of the e2e run. The server requires tokens of 16+ characters
// (main/web/access-token.ts), so the token is longer than the bare "e2e-test-token".
export const E2E_PORT = 4789;
export const E2E_TOKEN = 'e2e-test-token-web-mode';
