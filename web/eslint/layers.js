// The layers of src/, lowest first: a layer imports only from its own and the layers
// below it. docs/web.md describes each (eslint/layers.test.mjs keeps the two in step).
export const LAYERS = [['lib', 'config'], ['content'], ['components'], ['forms'], ['quote-list', 'search'], ['pages'], ['app'], ['editor']];
