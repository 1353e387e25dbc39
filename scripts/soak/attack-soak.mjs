#!/usr/bin/env node
// The soak under attack: a quiet run of the engineers, then the same with a sign-in flood (40 attackers from one
// address, 40 from an address each) and an image bomb a minute (attackers.mjs), in one invocation so the two are
// measured on the same machine in the same hour. In both runs an account's owner signs in every 5 s from a new
// address (owner.mjs).
//
//   npm run soak:attack                     200 engineers, 10 minutes each run
//   npm run soak:attack -- --seconds=120    shorter, to try it out
//   [--port=3706]                           the quiet run's port; the attacked run takes the next one
//
// Passes when both runs pass the soak's own checks (no engineer's request failed, no report lost or
// doubled, memory flat), the attack's p99 draft save is within 2x of the quiet run's, and under attack the
// owner's median sign-in takes at most 2 s.
//
// The load generators share the server's machine: the engineers and the image attackers run in this process, the
// sign-in flood in a child of its own (sign-in-flood.mjs), on the same cores, where a real flood's senders would be
// other machines. Nothing is pinned or slowed to hide that (on two cores there is no core to spare); instead each
// run prints the CPU the server used (and per request answered), the CPU of the soak's own processes, and the load
// average at its start and end, so a ratio from a crowded machine can be read as such (decision 264).
import fs from 'node:fs';
import { jsonOut, numberArg, soakDatabaseUrl } from './cli.mjs';
import { runSoak } from './soak.mjs';

const databaseUrl = await soakDatabaseUrl();
const common = { seconds: numberArg('seconds', 600), engineers: numberArg('engineers', 200), databaseUrl, owner: true };
// The quiet run's server listens on --port, the attacked one's on the next (each soak's database is named by it).
const port = numberArg('port', 3706);
const quiet = await runSoak({ ...common, port, log: (m) => console.log(`[quiet] ${m}`) });
const attacked = await runSoak({ ...common, port: port + 1, attack: true, log: (m) => console.log(`[attack] ${m}`) });
const ratio = attacked.figures.draftSaveLatencyMs.p99 / Math.max(1, quiet.figures.draftSaveLatencyMs.p99);
const owner = (run) => run.figures.ownerSignIn;
// A median of null: most of the owner's sign-ins were refused.
const ownerOk = owner(attacked).p50 !== null && owner(attacked).p50 <= 2_000;
const ok = quiet.ok && attacked.ok && ratio <= 2 && ownerOk;
console.log(
  `attack soak ${ok ? 'PASSED' : 'FAILED'}: draft save p99 ${quiet.figures.draftSaveLatencyMs.p99} ms quiet, ` +
    `${attacked.figures.draftSaveLatencyMs.p99} ms under attack (${ratio.toFixed(2)}x, at most 2x); ` +
    `owner's sign-in from a new address median ${owner(quiet).p50} ms quiet, ${owner(attacked).p50} ms under attack (at most 2,000), ` +
    `answered ${JSON.stringify(owner(quiet).answers)} / ${JSON.stringify(owner(attacked).answers)}; ` +
    `engineers' errors ${quiet.figures.errors} / ${attacked.figures.errors}; ` +
    `RSS at end ${quiet.figures.rssMb.atEnd} / ${attacked.figures.rssMb.atEnd} MB (bounds ${quiet.figures.rssMb.bound} / ${attacked.figures.rssMb.bound} MB)`,
);
// The engineers' PDFs beside the attacker's WebP reports: reported, not judged.
const waits = (run, who) => run.figures.pdfWaitMs[who];
const wait = (w) => `p50 ${w.p50} ms, p99 ${w.p99} ms, slowest ${w.max} ms (${w.reports} reports)`;
console.log(
  `engineers' PDF wait, submit to built: ${wait(waits(quiet, 'engineers'))} quiet, ` +
    `${wait(waits(attacked, 'engineers'))} under attack; the attacker's ${wait(waits(attacked, 'attacker'))}; ` +
    `WebP bombs answered ${JSON.stringify(attacked.figures.attack?.webpBombAnswers)}, ` +
    `reports of thirty WebP photos ${JSON.stringify(attacked.figures.attack?.webpReportAnswers)}`,
);
// The machine's share: the load generators run on the server's own cores (a real flood's would not), so each
// run's CPU is printed beside the ratio, and the load average, which says whether others shared the machine too.
const cpu = (run) => run.figures.cpu;
console.log(
  `CPU on ${cpu(quiet).cores} cores, quiet / under attack: the server ${cpu(quiet).serverSeconds} / ${cpu(attacked).serverSeconds} s ` +
    `(${cpu(quiet).serverMsPerRequest} / ${cpu(attacked).serverMsPerRequest} ms per request answered, ` +
    `${cpu(quiet).serverRequests} / ${cpu(attacked).serverRequests} requests); the soak's engineers and image attackers ` +
    `${cpu(quiet).driverSeconds} / ${cpu(attacked).driverSeconds} s; the sign-in flood's sender ${cpu(attacked).floodSeconds} s; ` +
    `load average (1, 5, 15 min) at start ${cpu(quiet).loadAverage.atStart.join(', ')} / ${cpu(attacked).loadAverage.atStart.join(', ')}, ` +
    `at end ${cpu(quiet).loadAverage.atEnd.join(', ')} / ${cpu(attacked).loadAverage.atEnd.join(', ')}`,
);
const out = jsonOut();
if (out) fs.writeFileSync(out, JSON.stringify({ quiet: quiet.figures, attacked: attacked.figures, ratio }, null, 2));
process.exit(ok ? 0 : 1);
