// The attack soak's sign-in flood, in a process of its own: attackers are other machines, so their requests
// must not share the event loop that times the engineers' requests. Started by attackers.mjs with fork(); it
// is sent { base, deadline, flood, floodAddresses } and answers with its counts.
import { randomUUID } from 'node:crypto';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * `flood` sign-ins at a time from this host's address and `floodAddresses` more each from an address of its own
 * (named by X-Forwarded-For, which the soak's server trusts from this host), with wrong passwords and unknown
 * emails, until `deadline`.
 */
export async function runSignInFlood({ base, deadline, flood, floodAddresses }) {
  const stats = { signIns: 0, signInAnswers: {}, spreadSignIns: 0, spreadSignInAnswers: {} };
  const count = (map, status) => (map[status] = (map[status] ?? 0) + 1);
  // `address`: the attacker's own, or none (all of them from this host's).
  const signInLoop = async (n, address) => {
    const answers = address ? stats.spreadSignInAnswers : stats.signInAnswers;
    while (Date.now() < deadline) {
      const email = n % 2 ? `engineer-${n % 200}@example.com` : `nobody-${randomUUID().slice(0, 6)}@example.com`;
      try {
        const res = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(address ? { 'x-forwarded-for': address } : {}) },
          body: JSON.stringify({ email, password: 'wrong password guess' }),
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer();
        count(answers, res.status);
        // A refused attacker told to wait comes back a little later, as a script would.
        if (res.status === 429 || res.status === 503) await sleep(200);
      } catch {
        count(answers, 0);
      }
      if (address) stats.spreadSignIns++;
      else stats.signIns++;
    }
  };
  const cpu = process.cpuUsage();
  await Promise.all([
    ...Array.from({ length: flood }, (_, n) => signInLoop(n)),
    ...Array.from({ length: floodAddresses }, (_, n) => signInLoop(n, `203.0.113.${n + 1}`)),
  ]);
  // What sending the flood cost this machine: it shares the server's cores, where a real flood's machines would not.
  const used = process.cpuUsage(cpu);
  return { ...stats, floodCpuSeconds: Math.round((used.user + used.system) / 1e4) / 100 };
}

if (process.send) {
  process.once('message', async (options) => {
    process.send(await runSignInFlood(options), () => process.exit(0));
  });
}
