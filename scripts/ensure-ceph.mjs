#!/usr/bin/env node
// Starts a one-machine Ceph cluster with its S3 gateway (RADOS Gateway) for the file-store tests and prints the
// S3 settings. S3_ENDPOINT set from outside wins (a server you run yourself). Otherwise Debian's packages are
// installed when missing (as root), and one monitor, one OSD on a sparse file (bluestore, so objects survive a
// daemon's restart) and the gateway on 127.0.0.1 are started in a folder under the OS temp dir, without
// authentication between them. A second call finds them running; a daemon that died is started again.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawn } from 'node:child_process';
import { aptInstall, capture, isRoot, which } from './lib/shell.mjs';

const PACKAGES = ['ceph-mon', 'ceph-osd', 'radosgw', 'ceph-common'];
export const CEPH_DIR = path.join(os.tmpdir(), 'hiu-ceph');
export const GATEWAY_PORT = 7480;
const MON_V2 = 3300;
const MON_V1 = 6789;

// A throw-away user of a gateway that listens on 127.0.0.1 of a test machine only.
export const TEST_S3 = {
  S3_ENDPOINT: `http://127.0.0.1:${GATEWAY_PORT}`,
  S3_REGION: 'default',
  S3_BUCKET: 'hiu-test',
  S3_ACCESS_KEY_ID: 'HIUTESTACCESSKEY0001',
  S3_SECRET_ACCESS_KEY: 'hiu-test-secret-key-not-for-production',
  S3_FORCE_PATH_STYLE: 'true',
};

const HOW_TO_FIX = [
  'Either install Ceph (Debian/Ubuntu: `sudo apt-get install -y --no-install-recommends ceph-mon ceph-osd radosgw',
  'ceph-common`) and run as root, or point the tests at an S3 server you have:',
  '  S3_ENDPOINT=http://HOST:PORT S3_ACCESS_KEY_ID=... S3_SECRET_ACCESS_KEY=... S3_BUCKET=... npm test',
].join('\n');

class CephUnavailable extends Error {}
const fail = (message) => {
  throw new CephUnavailable(`${message}\n${HOW_TO_FIX}`);
};

const conf = path.join(CEPH_DIR, 'ceph.conf');
const cephArgs = ['-c', conf];

function configText(fsid) {
  const d = CEPH_DIR;
  return `[global]
fsid = ${fsid}
mon host = [v2:127.0.0.1:${MON_V2},v1:127.0.0.1:${MON_V1}]
public network = 127.0.0.0/8
auth cluster required = none
auth service required = none
auth client required = none
auth supported = none
# Without authentication the gateway's monitor client must be told to accept plain CRC messages.
ms mon client mode = crc
osd pool default size = 1
osd pool default min size = 1
mon allow pool size one = true
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
mon max pg per osd = 1000
osd crush chooseleaf type = 0
run dir = ${d}/run
pid file = ${d}/run/$name.pid
admin socket = ${d}/run/$name.asok
log file = ${d}/log/$name.log
mon data avail warn = 2
mon data avail crit = 1
osd memory target = 939524096
bluestore cache autotune = false
bluestore cache size = 67108864

[mon.a]
mon data = ${d}/mon.a

[osd.0]
osd data = ${d}/osd.0
osd objectstore = bluestore
bluestore block path = ${d}/osd.0.block
bluestore block create = true
# A sparse file: it takes disk space only as objects are written.
bluestore block size = 10737418240
osd crush update on start = true

[client.rgw.hiu]
rgw frontends = beast endpoint=127.0.0.1:${GATEWAY_PORT}
rgw data = ${d}/rgw
rgw dns name = 127.0.0.1
rgw enable usage log = false
`;
}

const pidFile = (name) => path.join(CEPH_DIR, 'run', `${name}.pid`);

function alive(name) {
  try {
    const pid = Number(fs.readFileSync(pidFile(name), 'utf8').trim());
    if (!pid) return false;
    process.kill(pid, 0);
    // The pid may have been reused by another program after a reboot.
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmd.includes(name === 'client.rgw.hiu' ? 'radosgw' : `ceph-${name.split('.')[0]}`);
  } catch {
    return false;
  }
}

/** Resolves once `check` returns something truthy, polling; fails with `what` after `timeoutMs`. */
async function waitFor(what, check, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline)
      fail(`Ceph: ${what} did not happen within ${timeoutMs / 1000} s (logs in ${CEPH_DIR}/log)`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// While the OSD is down Ceph's tools wait for it; none may hang this script.
const TOOL_TIMEOUT = { timeout: 30_000 };
const ceph = (args) => capture('ceph', [...cephArgs, '--connect-timeout', '10', ...args], TOOL_TIMEOUT);

async function gatewayAnswers() {
  try {
    const res = await fetch(`${TEST_S3.S3_ENDPOINT}/`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status < 500;
  } catch {
    return false;
  }
}

async function createCluster() {
  fs.rmSync(CEPH_DIR, { recursive: true, force: true });
  for (const dir of ['run', 'log', 'mon.a', 'osd.0', 'rgw'])
    fs.mkdirSync(path.join(CEPH_DIR, dir), { recursive: true });
  const fsid = crypto.randomUUID();
  fs.writeFileSync(conf, configText(fsid));
  const monmap = path.join(CEPH_DIR, 'monmap');
  const keyring = path.join(CEPH_DIR, 'mon.keyring');
  const steps = [
    [
      'monmaptool',
      ['--create', '--fsid', fsid, '--addv', 'a', `[v2:127.0.0.1:${MON_V2},v1:127.0.0.1:${MON_V1}]`, monmap],
    ],
    ['ceph-authtool', ['--create-keyring', keyring, '--gen-key', '-n', 'mon.', '--cap', 'mon', 'allow *']],
    ['ceph-mon', [...cephArgs, '--mkfs', '-i', 'a', '--monmap', monmap, '--keyring', keyring]],
  ];
  for (const [command, args] of steps) {
    const out = capture(command, args);
    if (out.code !== 0) fail(`Ceph: ${command} failed: ${out.stderr.trim() || out.stdout.trim()}`);
  }
  await startMonitor();
  // The monitor lets the OSD in only under the uuid it was registered with.
  const osdUuid = crypto.randomUUID();
  const osdId = ceph(['osd', 'create', osdUuid]);
  if (osdId.code !== 0 || osdId.stdout.trim() !== '0') fail(`Ceph: could not add the OSD: ${osdId.stderr.trim()}`);
  const mkfs = capture('ceph-osd', [...cephArgs, '-i', '0', '--mkfs', '--osd-uuid', osdUuid]);
  if (mkfs.code !== 0) fail(`Ceph: ceph-osd --mkfs failed: ${mkfs.stderr.trim()}`);
}

/**
 * Starts a daemon in the foreground of a detached process (so its exit is seen at once, not guessed from a pid
 * file), leaving it running after this script ends.
 */
function startDaemon(name, command, args) {
  const child = spawn(command, [...cephArgs, '-f', ...args], { detached: true, stdio: 'ignore' });
  // The gateway in the foreground writes no pid file; the next call finds it by this one.
  if (child.pid) fs.writeFileSync(pidFile(name), `${child.pid}\n`);
  const state = { exited: false };
  child.on('exit', () => (state.exited = true));
  child.on('error', () => (state.exited = true));
  child.unref();
  return state;
}

async function startMonitor() {
  if (alive('mon.a')) return;
  const mon = startDaemon('mon.a', 'ceph-mon', ['-i', 'a']);
  await waitFor('the monitor answering', () => {
    if (mon.exited) fail(`Ceph: the monitor stopped; see ${CEPH_DIR}/log/mon.a.log`);
    return ceph(['mon', 'stat']).code === 0;
  });
}

async function startOsd() {
  if (alive('osd.0')) return;
  const osd = startDaemon('osd.0', 'ceph-osd', ['-i', '0']);
  await waitFor('the OSD coming up', () => {
    if (osd.exited) fail(`Ceph: the OSD stopped; see ${CEPH_DIR}/log/osd.0.log`);
    return /1 up/.test(ceph(['osd', 'stat']).stdout);
  });
}

async function startGateway() {
  const gateway = alive('client.rgw.hiu')
    ? { exited: false }
    : startDaemon('client.rgw.hiu', 'radosgw', ['-n', 'client.rgw.hiu']);
  // The gateway creates its pools and zone on first start; it answers once they are there.
  await waitFor(
    `the S3 gateway answering on ${TEST_S3.S3_ENDPOINT}`,
    async () => {
      if (gateway.exited) fail(`Ceph: the gateway stopped; see ${CEPH_DIR}/log/client.rgw.hiu.log`);
      return gatewayAnswers();
    },
    120_000,
  );
}

function ensureUser() {
  const info = capture('radosgw-admin', [...cephArgs, 'user', 'info', '--uid', 'hiu-test'], TOOL_TIMEOUT);
  if (info.code === 0) return;
  const created = capture(
    'radosgw-admin',
    [
      ...cephArgs,
      'user',
      'create',
      '--uid',
      'hiu-test',
      '--display-name',
      'HIU tests',
      '--access-key',
      TEST_S3.S3_ACCESS_KEY_ID,
      '--secret',
      TEST_S3.S3_SECRET_ACCESS_KEY,
    ],
    TOOL_TIMEOUT,
  );
  if (created.code !== 0) fail(`Ceph: radosgw-admin could not create the S3 user: ${created.stderr.trim()}`);
}

/** Starts what is not running and returns the S3 settings (the environment variables the server reads). */
export async function ensureCeph({ log = console.log } = {}) {
  if (process.env.S3_ENDPOINT) {
    log(`S3: using S3_ENDPOINT ${process.env.S3_ENDPOINT}`);
    return Object.fromEntries(Object.keys(TEST_S3).map((k) => [k, process.env[k] ?? TEST_S3[k]]));
  }
  const started = Date.now();
  if (!which('radosgw') || !which('ceph-osd') || !which('ceph-mon') || !which('radosgw-admin')) {
    if (!isRoot() || !which('apt-get')) fail('Ceph is not installed here and S3_ENDPOINT is not set.');
    if (!(await aptInstall(PACKAGES, { noRecommends: true }))) fail('Installing Ceph with apt-get failed (see above).');
  }
  if (alive('mon.a') && alive('osd.0') && alive('client.rgw.hiu') && (await gatewayAnswers())) {
    log(`Ceph: running in ${CEPH_DIR}, S3 gateway on ${TEST_S3.S3_ENDPOINT}`);
    return { ...TEST_S3 };
  }
  if (!isRoot()) fail('Ceph is installed but not running here, and its daemons are started as root.');
  // ceph-osd --mkfs writes mkfs_done last: without it the folder is a half-made cluster, made again.
  const fresh = !fs.existsSync(path.join(CEPH_DIR, 'osd.0', 'mkfs_done'));
  if (fresh) await createCluster();
  else {
    // The settings may have changed since the cluster was made; its fsid may not.
    const fsid = /^fsid = (.+)$/m.exec(fs.readFileSync(conf, 'utf8'))?.[1];
    if (!fsid) fail(`Ceph: ${conf} names no fsid; delete ${CEPH_DIR} to start afresh`);
    fs.writeFileSync(conf, configText(fsid));
  }
  await startMonitor();
  await startOsd();
  await startGateway();
  ensureUser();
  log(
    `Ceph: ${fresh ? 'created' : 'started'} in ${CEPH_DIR} in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
      `S3 gateway on ${TEST_S3.S3_ENDPOINT}`,
  );
  return { ...TEST_S3 };
}

/** Stops the gateway as a crash would (the fault tests); `ensureCeph` starts it again. */
export function killGateway() {
  const pid = Number(fs.readFileSync(pidFile('client.rgw.hiu'), 'utf8').trim());
  process.kill(pid, 'SIGKILL');
  return pid;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const settings = await ensureCeph({ log: (m) => console.error(m) });
    for (const [key, value] of Object.entries(settings)) console.log(`export ${key}=${value}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
