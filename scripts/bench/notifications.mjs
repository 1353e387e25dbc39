// Whether telling people costs the field anything: 200 engineers submitting while a supervisor sends every
// report back (a notice each), with email off and then on (SMTP to a real SMTP server on loopback), in one run.
// Target: submit p99 with email on within 1.2x of off (docs/benchmarks.md).
//
//   npm run bench:notifications                   60 s a run
//   npm run bench:notifications -- --seconds=120
import { SMTPServer } from 'smtp-server';
import { soakDatabaseUrl } from '../soak/cli.mjs';
import { runSoak } from '../soak/soak.mjs';
import { option, verdict } from './report.mjs';

const seconds = Number(option('seconds', '60'));
const engineers = Number(option('engineers', '200'));

let mails = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      mails++;
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${smtp.server.address().port}`;

const databaseUrl = await soakDatabaseUrl();
const common = { seconds, engineers, databaseUrl, notify: true };
const off = await runSoak({ ...common, port: 3708, log: (m) => console.log(`[email off] ${m}`) });
const on = await runSoak({
  ...common,
  port: 3709,
  serverEnv: { SMTP_URL: smtpUrl, MAIL_FROM: 'HIU <hiu@example.com>', APP_URL: 'https://hiu.example.com' },
  log: (m) => console.log(`[email on] ${m}`),
});
// The last mails of the run are sent after its last submit: given a little while to arrive.
for (let waited = 0; mails < (on.figures.review?.sentBack ?? 0) && waited < 60_000; waited += 500)
  await new Promise((r) => setTimeout(r, 500));
await new Promise((resolve) => smtp.close(resolve));

const p99 = (run) => run.figures.submitLatencyMs.p99;
const ratio = p99(on) / Math.max(1, p99(off));
console.log(
  `send-backs (a notice each): ${off.figures.review?.sentBack} with email off, ${on.figures.review?.sentBack} with email on; ` +
    `mails received by the SMTP server: ${mails}; engineers' errors ${off.figures.errors} / ${on.figures.errors}`,
);
console.log(
  verdict(
    `submit p99 with email on vs off (${engineers} engineers, ${seconds} s each)`,
    `${p99(on)} / ${p99(off)} ms = ${ratio.toFixed(2)}x`,
    '<= 1.2x',
    ratio <= 1.2,
  ),
);
process.exit(off.ok && on.ok && ratio <= 1.2 ? 0 : 1);
