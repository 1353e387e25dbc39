import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { countRequestsInFlight, requestsInFlight } from '../src/http/requests-in-flight.js';

const settled = async (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), ms))]);

describe('requests in flight', () => {
  it('lets background work on at once when no request is being answered', async () => {
    const inFlight = requestsInFlight();
    expect(await settled(inFlight.quiet(10_000), 100)).toBe(true);
  });

  it('holds it while a request is answered, and lets it on when the last one ends', async () => {
    const inFlight = requestsInFlight();
    inFlight.started();
    inFlight.started();
    const quiet = inFlight.quiet(10_000);
    inFlight.ended();
    expect(await settled(quiet, 50)).toBe(false);
    inFlight.ended();
    expect(await settled(quiet, 100)).toBe(true);
  });

  it('holds it no longer than it was told, so a long download never stops it for good', async () => {
    const inFlight = requestsInFlight();
    inFlight.started();
    expect(await settled(inFlight.quiet(30), 1_000)).toBe(true);
    expect(inFlight.count).toBe(1);
  });

  it('counts a request from its arrival until its answer is sent, failed ones too', async () => {
    const app = Fastify();
    const inFlight = requestsInFlight();
    countRequestsInFlight(app, inFlight);
    let during = -1;
    app.get('/ok', async () => {
      during = inFlight.count;
      return { ok: true };
    });
    app.get('/fails', async () => {
      throw new Error('broken');
    });
    await app.ready();
    expect((await app.inject('/ok')).statusCode).toBe(200);
    expect(during).toBe(1);
    expect((await app.inject('/fails')).statusCode).toBe(500);
    expect((await app.inject('/nowhere')).statusCode).toBe(404);
    await new Promise((r) => setTimeout(r, 10));
    expect(inFlight.count).toBe(0);
    await app.close();
  });
});
