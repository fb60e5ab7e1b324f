// The entry point of dist/lwl.
import { main } from './cli.ts';
import { restoreTerminal, writeAll } from '../term/tty.ts';
import { sanitize } from './text/sanitize.ts';

// An error nobody caught: give the terminal back first, so the error is
// printed on the main screen in cooked mode.
process.on('uncaughtException', (err) => {
  restoreTerminal();
  writeAll(2, `lwl: internal error: ${String(err.stack ?? err).split('\n').map((line) => sanitize(line)).join('\n')}\n`);
  process.exit(70);
});

main(process.argv.slice(2)).then((status) => process.exit(status));
