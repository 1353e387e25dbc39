// Shared by the web benchmarks: options, medians and the "<name>  <figure>  target <target>  PASS/FAIL" line.

/** `--name=value` from the command line, or the fallback. */
export function option(name, fallback) {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function verdict(name, figure, target, pass) {
  return `${name}  ${figure}  target ${target}  ${pass ? 'PASS' : 'FAIL'}`;
}
