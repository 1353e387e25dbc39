// The account's owner in the attack soak: signs in with the right password every few seconds, each time from an
// address the server has not seen (a phone on a new network), and says how long each sign-in took.
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Signs in as `email` every `everyMs` until `deadline`; the server trusts X-Forwarded-For from this host. */
export async function runOwner({ base, deadline, email, password, everyMs = 5_000 }) {
  const times = [];
  const answers = {};
  for (let n = 0; Date.now() < deadline; n++) {
    const next = Date.now() + everyMs;
    const started = performance.now();
    const status = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `100.64.${n >> 8}.${n & 255}` },
      body: JSON.stringify({ email, password }),
      signal: AbortSignal.timeout(30_000),
    }).then(
      async (res) => (await res.arrayBuffer(), res.status),
      () => 0,
    );
    answers[status] = (answers[status] ?? 0) + 1;
    // A refusal is a sign-in that did not happen: it counts as never (the median then shows it).
    times.push(status === 200 ? performance.now() - started : Infinity);
    await sleep(Math.max(0, next - Date.now()));
  }
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p) => {
    const v = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
    return v === undefined || v === Infinity ? null : Math.round(v);
  };
  return { signIns: times.length, answers, p50: at(0.5), max: at(1) };
}
