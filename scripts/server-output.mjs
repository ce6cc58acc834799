// What the bench scripts that start a server (scripts/bench-serve.mjs,
// scripts/bench-editor.mjs) do with its output once it serves.
import { createWriteStream } from 'node:fs';

/**
 * Keeps what `server` prints (from `printed`, what it printed so far) in the file
 * SERVER_LOG names, when set: each rebuild's stage times. Otherwise it is dropped, but
 * never left to fill the server's pipes.
 */
export function keepServerOutput(server, printed) {
  if (process.env.SERVER_LOG) {
    const log = createWriteStream(process.env.SERVER_LOG);
    log.write(printed);
    server.stdout.pipe(log);
    server.stderr.pipe(log);
  } else {
    server.stdout.resume();
    server.stderr.resume();
  }
}
