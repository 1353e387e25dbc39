// What the attack soak adds to the engineers' work (issue list: hold under attack): a flood of sign-ins with
// wrong passwords and unknown emails, and once a minute an image bomb and a report of the largest photos
// the limits allow, and the WebP bomb with four reports of thirty WebP photos. The attackers' answers are
// counted apart: refusals are what they should get.
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The sign-in flood, run in a child process (sign-in-flood.mjs); resolves to its counts. */
function signInFlood(options) {
  return new Promise((resolve, reject) => {
    const child = fork(path.resolve(import.meta.dirname, 'sign-in-flood.mjs'));
    child.once('message', resolve);
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`sign-in flood exited ${code}`))));
    child.send(options);
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A PNG declaring width x height black pixels: a small file that would decode to a huge bitmap. */
function pngBomb(width, height) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = zlib.deflateSync(Buffer.alloc((width + 1) * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const webpFixture = (name) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../apps/server/test/security/fixtures', name));
/** The WebP bomb: a blank 2048 x 2048 canvas in Chromium's lossless mode, 520 bytes. */
const WEBP_BOMB = webpFixture('bomb-2048-lossless.webp');
/** The same canvas in its lossy mode, 8,000 bytes: the most pixels per byte the upload floor lets through. */
const WEBP_FLAT = webpFixture('flat-2048-lossy.webp');
/** As the attack run: four reports of thirty such photos a minute, one after another. */
const WEBP_REPORTS = 4;
const WEBP_PHOTOS = 30;

/**
 * Runs until `deadline`: `flood` sign-ins at a time from one address and as many more each from an address of its
 * own (`floodAddresses`, named by X-Forwarded-For, which the soak's server trusts from this host), and an image
 * bomb (plus the heaviest report the limits allow, by an attacker's own engineer account) every minute from the start.
 */
export async function runAttackers({
  base,
  deadline,
  attackerCookie,
  heavyReport,
  flood = 40,
  floodAddresses = 40,
  log,
}) {
  const stats = {
    bombs: 0,
    bombAnswers: {},
    heavyReports: 0,
    heavyAnswers: {},
    webpBombs: 0,
    webpBombAnswers: {},
    webpReports: 0,
    webpReportAnswers: {},
  };
  const count = (map, status) => (map[status] = (map[status] ?? 0) + 1);
  const bomb = pngBomb(7000, 7000);

  const bombLoop = async () => {
    while (Date.now() < deadline) {
      const res = await fetch(`${base}/api/files/${randomUUID()}?kind=photo`, {
        method: 'PUT',
        headers: { cookie: attackerCookie, 'content-type': 'image/png' },
        body: bomb,
      }).catch(() => ({ status: 0, arrayBuffer: async () => {} }));
      await res.arrayBuffer();
      count(stats.bombAnswers, res.status);
      stats.bombs++;
      const heavy = await heavyReport().catch((e) => {
        log(`attack: heavy report failed: ${e.message}`);
        return 0;
      });
      count(stats.heavyAnswers, heavy);
      stats.heavyReports++;
      const next = Date.now() + 60_000;
      while (Date.now() < Math.min(next, deadline)) await sleep(500);
    }
  };

  // Once a minute: the WebP bomb itself (refused at upload), then reports of thirty of the flattest WebP photos
  // the floor lets through, each of which the PDF must convert (two are, the rest say why not).
  const webpLoop = async () => {
    while (Date.now() < deadline) {
      const next = Date.now() + 60_000;
      const res = await fetch(`${base}/api/files/${randomUUID()}?kind=photo`, {
        method: 'PUT',
        headers: { cookie: attackerCookie, 'content-type': 'image/webp' },
        body: WEBP_BOMB,
      }).catch(() => ({ status: 0, arrayBuffer: async () => {} }));
      await res.arrayBuffer();
      count(stats.webpBombAnswers, res.status);
      stats.webpBombs++;
      for (let i = 0; i < WEBP_REPORTS && Date.now() < deadline; i++) {
        const status = await heavyReport({ bytes: WEBP_FLAT, type: 'image/webp', count: WEBP_PHOTOS }).catch((e) => {
          log(`attack: WebP report failed: ${e.message}`);
          return 0;
        });
        count(stats.webpReportAnswers, status);
        stats.webpReports++;
      }
      while (Date.now() < Math.min(next, deadline)) await sleep(500);
    }
  };

  const [floodStats] = await Promise.all([
    signInFlood({ base, deadline, flood, floodAddresses }),
    webpLoop(),
    bombLoop(),
  ]);
  return { ...stats, ...floodStats };
}
