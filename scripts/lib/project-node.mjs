// The Node this project runs on: the version pinned in .node-version (also read by fnm, nodenv, mise and CI
// set-up actions); any Node of that major version or newer will do (package.json `engines`). Written for old
// Node too (node: built-ins only, no import.meta.dirname), since it is what tells an old Node what to do.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The pinned version, e.g. `24.22.3`, and its major version. */
export function projectNode() {
  const file = path.join(repoRoot, '.node-version');
  const version = fs.readFileSync(file, 'utf8').trim().replace(/^v/, '');
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`.node-version holds "${version}", not a version like 24.1.0`);
  return { version, major: Number(version.split('.')[0]) };
}

/** Whether the Node running this script is new enough for the project. */
export function nodeIsNewEnough(current = process.versions.node) {
  return Number(current.split('.')[0]) >= projectNode().major;
}

/** Ends the process with what to do when the running Node is too old for `what` (e.g. `npm test`). */
export function requireProjectNode(what) {
  if (nodeIsNewEnough()) return;
  const { version, major } = projectNode();
  console.error(
    [
      `${what} needs Node ${major} or newer (.node-version pins ${version}); this is Node ${process.versions.node}.`,
      `Run it through npm (\`${what}\`): where the machine's Node is older, \`npm ci\` installs Node ${version}`,
      `into .tools for this project's npm scripts (\`node scripts/install-node.mjs\` alone does the same).`,
      `Or install Node ${major} yourself.`,
    ].join('\n'),
  );
  process.exit(1);
}
