import { describe, expect, it } from 'vitest';
import './zod-without-eval';
import { z } from 'zod';

describe('zod without eval', () => {
  it('turns off zod’s eval-based fast path before zod is loaded', () => {
    expect(z.config().jitless).toBe(true);
  });
});
