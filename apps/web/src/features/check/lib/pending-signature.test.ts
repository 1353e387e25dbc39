import { describe, expect, it } from 'vitest';
import { drawSignature, padShown, signatureDrawingNow, signatureKept } from './pending-signature';

const stroke = 'data:image/png;base64,' + btoa('a stroke');

describe('a signature in hand (the first tap after signing acts)', () => {
  it("counts from the stroke's end, through its keeping, until another pad shows; a clear or a refusal ends it", async () => {
    padShown();
    let keep!: () => void;
    const kept = new Promise<void>((resolve) => (keep = resolve));
    const saving = drawSignature(null, 'u1', stroke, () => kept);
    expect(signatureDrawingNow()).toBe(true);
    keep();
    await saving;
    expect(await signatureKept()).toBe(true);
    expect(signatureDrawingNow()).toBe(true);
    padShown();
    expect(signatureDrawingNow()).toBe(false);

    await drawSignature(null, 'u1', stroke, async () => undefined);
    await drawSignature(null, 'u1', null, async () => undefined);
    expect(signatureDrawingNow()).toBe(false);

    await drawSignature(null, 'u1', stroke, () => Promise.reject(new Error('storage full'))).catch(() => undefined);
    expect(await signatureKept()).toBe(false);
    expect(signatureDrawingNow()).toBe(false);
  });
});
