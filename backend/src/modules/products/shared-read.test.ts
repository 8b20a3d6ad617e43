import { sharedBatch } from './shared-read';

/** A read that needs no keys, as the catalogue version's. */
const sharedRead = <T>(read: () => Promise<T>) => {
  const batch = sharedBatch(() => read());
  return () => batch([]);
};

/** A read whose answers the test releases one by one, counting how many were started. */
function controlledRead() {
  const pending: ((value: number) => void)[] = [];
  let started = 0;
  const read = () =>
    new Promise<number>((resolve) => {
      started += 1;
      pending.push(resolve);
    });
  return { read, started: () => started, finish: (value: number) => pending.shift()!(value) };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('sharedBatch without keys', () => {
  it('starts a read at once when none is running', async () => {
    const source = controlledRead();
    const get = sharedRead(source.read);
    const answer = get();
    expect(source.started()).toBe(1);
    source.finish(7);
    await expect(answer).resolves.toBe(7);
  });

  it('never hands a request a read that started before it: those who come meanwhile share the next one', async () => {
    const source = controlledRead();
    const get = sharedRead(source.read);
    const first = get();
    const later = [get(), get(), get()];
    expect(source.started()).toBe(1);
    source.finish(1); // a change is committed after the first read began: the later ones must not see 1
    await tick();
    expect(source.started()).toBe(2);
    source.finish(2);
    await expect(first).resolves.toBe(1);
    await expect(Promise.all(later)).resolves.toEqual([2, 2, 2]);
  });

  it('a failed read fails only those who shared it, and the next one still starts', async () => {
    let calls = 0;
    const get = sharedRead(async () => {
      calls += 1;
      if (calls === 1) throw new Error('connection lost');
      return calls;
    });
    const first = get();
    const second = get();
    await expect(first).rejects.toThrow('connection lost');
    await expect(second).resolves.toBe(2);
    await expect(get()).resolves.toBe(3);
  });
});

describe('sharedBatch', () => {
  it('asks once for the keys of everyone who came while a read was out, and only for those', async () => {
    const asked: string[][] = [];
    const releases: (() => void)[] = [];
    const batch = sharedBatch(
      (keys) =>
        new Promise<string[]>((resolve) => {
          asked.push(keys);
          releases.push(() => resolve(keys));
        }),
    );
    const first = batch(['a']);
    const second = batch(['b', 'c']);
    const third = batch(['c', 'd']);
    expect(asked).toEqual([['a']]);
    releases.shift()!();
    await expect(first).resolves.toEqual(['a']);
    await tick();
    expect(asked).toEqual([['a'], ['b', 'c', 'd']]);
    releases.shift()!();
    await expect(second).resolves.toEqual(['b', 'c', 'd']);
    await expect(third).resolves.toEqual(['b', 'c', 'd']);
  });
});
