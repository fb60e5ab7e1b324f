// The entry point of dist/lwl.
import { main } from './cli.ts';
import { writeAll } from '../term/tty.ts';

// An error nobody caught: the terminal layer restores the screen on 'exit';
// the error is printed after that, on the main screen.
process.on('uncaughtException', (err) => {
  process.exitCode = 70;
  process.emit('exit', 70);
  writeAll(2, `lwl: internal error: ${err.stack ?? err}\n`);
  process.exit(70);
});

main(process.argv.slice(2)).then(
  (status) => process.exit(status),
  (err) => {
    throw err;
  },
);
