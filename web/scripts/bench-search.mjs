// Times the product filter and title search on 10,000 generated products:
// `node scripts/bench-search.mjs` (runs the Vitest benchmark next to the filter).
import { spawnSync } from 'node:child_process';

const result = spawnSync('npx', ['vitest', 'bench', '--run', 'src/pages/products/__tests__/product-filter.bench.ts'], {
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
process.exit(result.status ?? 1);
