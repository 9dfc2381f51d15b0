import { describe, expect, it } from 'vitest';
import { OutboxWorker } from '../../src/lib/outbox-worker.js';

/** A worker whose rounds the test lets finish one by one; each round "sends" what was queued when it started. */
class HeldWorker extends OutboxWorker {
  queued = 0;
  rounds: { sent: number; finish: () => void }[] = [];
  protected sendDue(): Promise<number> {
    const sent = this.queued;
    this.queued = 0;
    return new Promise((resolve) => this.rounds.push({ sent, finish: () => resolve(sent) }));
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('OutboxWorker.drain', () => {
  it('sends what is due when it is called, even while an earlier round that claimed before it runs', async () => {
    const worker = new HeldWorker();
    const first = worker.drain();
    expect(worker.rounds).toHaveLength(1);
    // A message written after the first round claimed: two callers ask for it to be sent.
    worker.queued = 1;
    const second = worker.drain();
    const third = worker.drain();
    worker.rounds[0]!.finish();
    expect(await first).toBe(0);
    await tick();
    // One more round for both, started after the first ended, which sends the message.
    expect(worker.rounds).toHaveLength(2);
    worker.rounds[1]!.finish();
    expect(await second).toBe(1);
    expect(await third).toBe(1);
    expect(worker.rounds).toHaveLength(2);
  });

  it('starts at once when no round runs, and stop() waits for the round asked for meanwhile', async () => {
    const worker = new HeldWorker();
    void worker.drain();
    const asked = worker.drain();
    const stopped = worker.stop();
    worker.rounds[0]!.finish();
    await tick();
    worker.rounds[1]!.finish();
    await stopped;
    expect(await asked).toBe(0);
    expect(worker.rounds).toHaveLength(2);
  });
});
