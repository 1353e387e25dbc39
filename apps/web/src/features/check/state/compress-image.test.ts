import { describe, expect, it } from 'vitest';
import { scaledSize } from './compress-image';

describe('scaledSize (longest side about 1600 px, ruling 8)', () => {
  it.each([
    [4032, 3024, 1600, 1200],
    [3024, 4032, 1200, 1600],
    [1600, 900, 1600, 900],
    [1601, 1601, 1600, 1600],
    [800, 600, 800, 600],
    [20000, 10, 1600, 1],
  ])('%ix%i -> %ix%i', (w, h, ew, eh) => {
    expect(scaledSize(w, h)).toEqual({ width: ew, height: eh });
  });
});
