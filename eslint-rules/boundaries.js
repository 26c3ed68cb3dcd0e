// The layers the tree is built from, checked on every import (static, dynamic and re-export)
// after resolving its path, so no spelling of a relative path slips past:
//  - the core (apps/server/src/core) imports neither the modules nor the HTTP layer: it holds the
//    money rules and must not depend on what serves them;
//  - the web app reaches the server only through apps/web/src/api/index.ts: no screen imports a
//    file behind it, nor the socket.io client;
//  - a web feature reaches another feature only through that feature's index.ts, the list of
//    what it offers on purpose.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SERVER_CORE = 'apps/server/src/core/';
const SERVER_FORBIDDEN_TO_CORE = ['apps/server/src/modules/', 'apps/server/src/http/'];
const WEB_SRC = 'apps/web/src/';
const WEB_API = 'apps/web/src/api/';
const WEB_API_ENTRY = ['apps/web/src/api', 'apps/web/src/api/index'];
const WEB_FEATURES = 'apps/web/src/features/';
/** Packages that open a connection to the server: only the API layer may use them. */
const WIRE_PACKAGES = ['socket.io-client', 'engine.io-client', 'axios'];

const relative = (absolute) => path.relative(ROOT, absolute).split(path.sep).join('/');
const withoutExtension = (file) => file.replace(/\.(ts|tsx|js|mjs|jsx)$/, '');
const featureOf = (file) => (file.startsWith(WEB_FEATURES) ? file.slice(WEB_FEATURES.length).split('/')[0] || undefined : undefined);

/** The boundary the import from `file` (root-relative) of `source` crosses, if any. */
function violation(file, source) {
  if (!source.startsWith('.')) {
    const inWebOutsideApi = file.startsWith(WEB_SRC) && !file.startsWith(WEB_API);
    const pkg = WIRE_PACKAGES.find((name) => source === name || source.startsWith(`${name}/`));
    return inWebOutsideApi && pkg ? { messageId: 'wirePackage', data: { source } } : undefined;
  }
  const target = withoutExtension(relative(path.resolve(path.dirname(path.join(ROOT, file)), source)));
  if (file.startsWith(SERVER_CORE) && SERVER_FORBIDDEN_TO_CORE.some((dir) => target.startsWith(dir))) {
    return { messageId: 'coreOutward', data: { source } };
  }
  if (file.startsWith(WEB_SRC) && !file.startsWith(WEB_API) && target.startsWith(WEB_API) && !WEB_API_ENTRY.includes(target)) {
    return { messageId: 'apiInternals', data: { source } };
  }
  const from = featureOf(file);
  const to = featureOf(`${target}/`);
  if (from !== undefined && to !== undefined && from !== to) {
    const entry = `${WEB_FEATURES}${to}`;
    if (target !== entry && target !== `${entry}/index`) return { messageId: 'featureInternals', data: { source, feature: to } };
  }
  return undefined;
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps the core, the web API layer and the web features behind their boundaries.' },
    schema: [],
    messages: {
      coreOutward: "The core imports neither modules/ nor http/: '{{source}}' is outside it.",
      apiInternals: "Screens reach the server only through the API layer's index ('api'), not '{{source}}'.",
      wirePackage: "Only apps/web/src/api talks to the server: import '{{source}}' there, not here.",
      featureInternals:
        "A feature reaches the feature '{{feature}}' only through its index.ts (the folder itself), not '{{source}}'.",
    },
  },
  create(context) {
    const file = relative(context.filename);
    const check = (node) => {
      if (node?.type !== 'Literal' || typeof node.value !== 'string') return;
      const found = violation(file, node.value);
      if (found) context.report({ node, ...found });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { boundaries } };
