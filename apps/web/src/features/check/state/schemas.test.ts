import { describe, expect, it } from 'vitest';
import { emptyWizardData } from '@hiu/domain';
import { workerChecks, type CheckAnswer, type CheckRequest } from './schemas';
import { parseWizardData, parseWizardState } from './wizard-state-schema';

/** A worker as the browser gives one: messages both ways, and an error event when its code does not load. */
class FakeWorker {
  onmessage: ((event: MessageEvent<CheckAnswer>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  received: CheckRequest[] = [];
  terminated = false;
  constructor(private readonly loads = true) {}
  postMessage(request: CheckRequest) {
    this.received.push(request);
    queueMicrotask(() => {
      if (!this.loads) {
        this.onerror?.({ message: '', preventDefault: () => undefined } as ErrorEvent);
        return;
      }
      const checks = { parseWizardData, parseWizardState };
      this.onmessage?.({ data: { id: request.id, result: checks[request.check](request.value) } } as MessageEvent);
    });
  }
  terminate() {
    this.terminated = true;
  }
}

describe('stored copies checked on a worker thread', () => {
  it('starts the worker with the first copy to check, not before, and answers each check with its own result', async () => {
    const started: FakeWorker[] = [];
    const checks = workerChecks(() => {
      const w = new FakeWorker();
      started.push(w);
      return w as unknown as Worker;
    });
    expect(started).toHaveLength(0);
    const good = { ...emptyWizardData(), address: '1 High Street' };
    const [read, unreadable] = await Promise.all([
      checks.parseWizardData(good),
      checks.parseWizardData({ address: 42 }),
    ]);
    expect(read?.address).toBe('1 High Street');
    expect(unreadable).toBeUndefined();
    expect(started).toHaveLength(1);
    expect(started[0]!.received.map((r) => r.check)).toEqual(['parseWizardData', 'parseWizardData']);
  });

  it('refuses the check when the worker cannot load, and starts a new one for the next', async () => {
    const started: FakeWorker[] = [];
    let loads = false;
    const checks = workerChecks(() => {
      const w = new FakeWorker(loads);
      started.push(w);
      return w as unknown as Worker;
    });
    await expect(checks.parseWizardData(emptyWizardData())).rejects.toThrow("The check's data could not be read");
    expect(started[0]!.terminated).toBe(true);
    loads = true;
    expect(await checks.parseWizardData(emptyWizardData())).toEqual(emptyWizardData());
    expect(started).toHaveLength(2);
  });
});
