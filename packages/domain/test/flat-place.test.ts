import { describe, expect, it } from 'vitest';
import { flatPlace } from '../src/index.js';

describe('flatPlace', () => {
  it('names a bare block and floor', () => {
    expect(flatPlace({ block: 'A', floor: '3' })).toBe('Block A · Floor 3');
  });
  it('keeps a value that names itself, so nothing is said twice', () => {
    expect(flatPlace({ block: 'Block A', floor: 'Ground floor' })).toBe('Block A · Ground floor');
    expect(flatPlace({ block: 'north block' })).toBe('north block');
  });
  it('says nothing for neither', () => {
    expect(flatPlace({ block: '', floor: null })).toBe('');
  });
});
