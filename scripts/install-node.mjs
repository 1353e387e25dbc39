#!/usr/bin/env node
// Runs after `npm ci` and `npm install` (the root package's postinstall), and may be run alone. Where the Node
// running it is older than the project's (.node-version), it installs the pinned version from the npm registry
// (the package node-<os>-<cpu>: the official build, repackaged; `npm pack` checks it against the registry's
// integrity) into .tools/node-v<version>-<os>-<cpu> and links node_modules/.bin/node to it. npm puts
// node_modules/.bin first on PATH for every script it runs, so `npm start`, `npm test`, `npm run dev`, npx and
// everything those start (tsx, vite, vitest, playwright, npm itself) run on it. A new enough Node is used as it
// is. Nothing in node_modules is compiled for one Node (the native parts are Node-API or Go binaries), so
// what the older Node's npm installed runs on the newer one.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { nodeIsNewEnough, projectNode, repoRoot } from './lib/project-node.mjs';

const { version, major } = projectNode();
const link = path.join(repoRoot, 'node_modules', '.bin', 'node');
const tools = path.join(repoRoot, '.tools');

function linkTarget() {
  try {
    return fs.readlinkSync(link);
  } catch {
    return undefined;
  }
}

// The Node that runs npm is the machine's: under `npm install` this script's own `node` may already be the
// linked one.
const npmNode = process.env.npm_node_execpath ?? process.execPath;
const realNpmNode = fs.realpathSync(npmNode);
const machineVersion =
  realNpmNode === fs.realpathSync(process.execPath)
    ? process.versions.node
    : spawnSync(npmNode, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
if (realNpmNode.startsWith(tools + path.sep)) {
  // npm itself runs on a Node installed here (npm started from an npm script): nothing to judge.
  process.exit(0);
}
if (nodeIsNewEnough(machineVersion)) {
  // A link left from when this machine's Node was older goes: the machine's own is used.
  const target = linkTarget();
  if (target && path.resolve(path.dirname(link), target).startsWith(tools + path.sep)) fs.rmSync(link);
  process.exit(0);
}

const fail = (message) => {
  console.error(`install-node: ${message}`);
  process.exit(1);
};

// The npm registry has builds for these; Linux ones need glibc (no musl build is published).
const os = { linux: 'linux', darwin: 'darwin' }[process.platform];
const cpu = { x64: 'x64', arm64: 'arm64' }[process.arch];
const glibc = process.platform !== 'linux' || Boolean(process.report?.getReport?.().header?.glibcVersionRuntime);
if (!os || !cpu || !glibc) {
  console.warn(
    `install-node: Node ${machineVersion} is older than this project's ${major} (.node-version pins ${version}),` +
      ` and the npm registry has no Node build for ${process.platform}-${process.arch}${glibc ? '' : ' (musl)'}:` +
      ` install Node ${major} yourself.`,
  );
  process.exit(0);
}

const name = `node-${os}-${cpu}`;
const dir = path.join(tools, `node-v${version}-${os}-${cpu}`);
const nodeBin = path.join(dir, 'bin', 'node');
const runs = (file) => spawnSync(file, ['--version'], { encoding: 'utf8' }).stdout?.trim() === `v${version}`;

/** npm itself: the one running this postinstall, else the one on PATH. */
function npm(args, options) {
  const npmCli = process.env.npm_execpath;
  const [command, prefix] = npmCli?.endsWith('.js') ? [process.execPath, [npmCli]] : ['npm', []];
  return spawnSync(command, [...prefix, ...args], { encoding: 'utf8', ...options });
}

/** Unpacks the pinned build into `into`; a message when it cannot, `missing` when the registry has none. */
function download(into) {
  const packed = npm(['pack', `${name}@${version}`, '--pack-destination', into, '--json', '--silent'], { cwd: into });
  if (packed.status !== 0) {
    const output = `${packed.stderr}${packed.stdout}`;
    return /\b(E404|ETARGET)\b/.test(output) ? 'missing' : `npm pack ${name}@${version} failed:\n${output}`;
  }
  const tarball = path.join(into, JSON.parse(packed.stdout)[0].filename);
  // Only the program and its licence: the C headers (for compiling addons) are not needed here.
  const tar = spawnSync('tar', ['-xzf', tarball, '-C', into, 'package/bin/node', 'package/LICENSE'], {
    encoding: 'utf8',
  });
  if (tar.status !== 0) return `could not unpack ${tarball}: ${tar.stderr || tar.error}`;
  if (!runs(path.join(into, 'package', 'bin', 'node'))) return `the Node unpacked from ${name}@${version} does not run`;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(path.join(into, 'package'), dir);
  return undefined;
}

if (!runs(nodeBin)) {
  console.log(
    `install-node: Node ${machineVersion} is older than this project's ${major}; installing Node ${version}` +
      ` (${name} from the npm registry) into ${path.relative(repoRoot, dir)}`,
  );
  fs.mkdirSync(tools, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(tools, '.download-'));
  let problem;
  try {
    problem = download(tmp);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  if (problem === 'missing') {
    console.warn(`install-node: the npm registry has no ${name}@${version}: install Node ${major} yourself.`);
    process.exit(0);
  }
  if (problem) fail(problem);
}

fs.mkdirSync(path.dirname(link), { recursive: true });
fs.rmSync(link, { force: true });
fs.symlinkSync(path.relative(path.dirname(link), nodeBin), link);
console.log(
  `install-node: npm scripts of this project run on Node ${version} (node_modules/.bin/node -> ${path.relative(repoRoot, nodeBin)})`,
);
