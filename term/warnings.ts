// Node's own warnings (a timer's overflow, a deprecation) go to stderr, which
// is the terminal lwl draws on: while lwl has the screen they are held, and
// handed to Node's own listeners (which print them, or not, as Node's flags
// say) once the terminal is given back.
let nodeListeners: Array<(warning: Error) => void> | null = null;
let holding = false;
const held: Error[] = [];

function heard(warning: Error): void {
  if (holding) held.push(warning);
  else for (const listener of nodeListeners!) listener(warning);
}

/** While `on`, warnings are held; off, those held are printed as Node would have. */
export function holdWarnings(on: boolean): void {
  if (nodeListeners === null) {
    nodeListeners = process.listeners('warning') as Array<(warning: Error) => void>;
    process.removeAllListeners('warning');
    process.on('warning', heard);
  }
  holding = on;
  if (on) return;
  for (const warning of held.splice(0)) heard(warning);
}
