// Removes the sites this run built for tests of their own content.
import { rmSync } from 'node:fs';
import { runDir } from './own-site';

export default function globalTeardown() {
  rmSync(runDir(), { recursive: true, force: true });
}
