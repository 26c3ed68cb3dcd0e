/** An OPERATOR_SECRET_KEY for servers started with NODE_ENV=production in tests (not the development key). */
export const TEST_OPERATOR_SECRET_KEY = '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';
