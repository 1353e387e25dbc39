// Where a process's CPU time went, from a V8 .cpuprofile (node --cpu-prof): self time by package or source
// file, and the busiest functions. Used by bench:reads --profile.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Which part of the system a frame belongs to: a package, a file of ours, node itself, or V8's own work. */
function partOf(url, functionName) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return url;
  const file = url.replace(/^file:\/\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (pkg) return pkg[1];
  return path.relative(root, file);
}

/**
 * Self time in ms by part and by function, and the total, of the profile in `file`; only samples taken within
 * `window` ({ from, to } in µs of the monotonic clock, process.hrtime's and V8's) when it is given.
 */
export function summariseProfile(file, window) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const msOf = new Map();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (window && (at < window.from || at > window.to)) continue;
    const id = profile.samples[i];
    msOf.set(id, (msOf.get(id) ?? 0) + delta / 1000);
  }
  const byPart = new Map();
  const byFunction = new Map();
  let total = 0;
  for (const node of profile.nodes) {
    const ms = msOf.get(node.id) ?? 0;
    if (!ms) continue;
    const { url, functionName, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    total += ms;
    const part = partOf(url, functionName);
    byPart.set(part, (byPart.get(part) ?? 0) + ms);
    const fn = `${functionName || '(anonymous)'} ${part}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  }
  const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  return { total, parts: top(byPart, 25), functions: top(byFunction, 25) };
}

/** Prints the summary as two tables of shares of the busy time, with ms per request when `requests` is given. */
export function printProfile({ total, parts, functions }, requests) {
  const line = ([name, ms]) =>
    `| ${name} | ${((100 * ms) / total).toFixed(1)} % | ${requests ? ((1000 * ms) / requests).toFixed(1) : ''} |`;
  console.log(`\nBusy CPU ${total.toFixed(0)} ms${requests ? ` over ${requests} requests` : ''}, self time:\n`);
  console.log('| part | share | µs per request |\n|---|---|---|');
  for (const p of parts) console.log(line(p));
  console.log('\n| function | share | µs per request |\n|---|---|---|');
  for (const f of functions) console.log(line(f));
}
