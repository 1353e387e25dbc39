import { describe, expect, it } from 'vitest';
import { emptyWizardData, fileUrlFor } from '@hiu/domain';
import { addressesByOp, readSentLog, recordSent, SENT_LOG_KEY } from './outbox-log';
import type { OutboxOp } from './outbox';
import { MemoryStorage } from './test-helpers';

const base = { seq: 1, userId: 'me', createdAt: '', attempts: 0, nextAttemptAt: 0, status: 'pending', dependsOn: [] };
const photoId = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const draftId = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const data = (address: string, photos: string[] = []) => ({
  ...emptyWizardData(),
  address,
  photosSignature: {
    ...emptyWizardData().photosSignature,
    photos: photos.map((id) => ({ id, url: fileUrlFor(id), label: '' })),
  },
});

describe('addressesByOp', () => {
  it('names the property of uploads and draft removals from the report or draft that refers to them', () => {
    const ops = [
      { ...base, id: 'u', kind: 'uploadFile', payload: { fileId: photoId, kind: 'photo' } },
      {
        ...base,
        id: 'r',
        kind: 'submitReport',
        payload: { id: 'x', wizardData: data('1 High St', [photoId]), completedAt: '', draftId },
      },
      { ...base, id: 'd', kind: 'deleteDraft', payload: { draftId } },
      {
        ...base,
        id: 'lost',
        kind: 'uploadFile',
        payload: { fileId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', kind: 'photo' },
      },
    ] as OutboxOp[];
    const map = addressesByOp(ops, { wizardData: data('') });
    expect(Object.fromEntries(map)).toEqual({ u: '1 High St', r: '1 High St', d: '1 High St' });
  });

  it('falls back to the check on screen', () => {
    const ops = [{ ...base, id: 'u', kind: 'uploadFile', payload: { fileId: photoId, kind: 'photo' } }] as OutboxOp[];
    expect(addressesByOp(ops, { wizardData: data('2 Low Rd', [photoId]) }).get('u')).toBe('2 Low Rd');
  });
});

describe('the sent log', () => {
  const sent = (id: string, label: string, property = '1 High St', userId = 'me') => ({
    id,
    userId,
    label,
    property,
    sentAt: `2026-06-01T09:00:0${id}.000Z`,
  });

  it('lists the newest first, one user at a time, and counts repeats of the same send in one line', () => {
    const storage = new MemoryStorage();
    recordSent(storage, sent('1', 'Photo upload'));
    recordSent(storage, sent('2', 'Draft save'));
    recordSent(storage, sent('3', 'Draft save'));
    recordSent(storage, sent('4', 'Draft save', '1 High St', 'someone else'));
    expect(readSentLog(storage, 'me').map((i) => [i.label, i.count ?? 1, i.sentAt])).toEqual([
      ['Draft save', 2, '2026-06-01T09:00:03.000Z'],
      ['Photo upload', 1, '2026-06-01T09:00:01.000Z'],
    ]);
  });

  it('keeps 20 lines, and a full or unreadable cache never throws', () => {
    const storage = new MemoryStorage();
    for (let i = 0; i < 30; i++) recordSent(storage, sent(String(i), i % 2 ? 'Photo upload' : 'Draft save'));
    expect(readSentLog(storage, 'me')).toHaveLength(20);
    storage.full = true;
    expect(() => recordSent(storage, sent('x', 'Report'))).not.toThrow();
    storage.full = false;
    storage.setItem(SENT_LOG_KEY, '{not json');
    expect(readSentLog(storage, 'me')).toEqual([]);
  });
});
