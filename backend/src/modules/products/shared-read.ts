/**
 * One database read shared by the requests that asked for it before it started, each adding the
 * keys it needs. A request never joins a read already on its way (a change committed just before
 * the request arrived might not be in it): it joins the next one, which starts when the current one
 * ends with every key asked in the meantime. So each answer is at least as fresh as the request,
 * and under load one read serves many requests instead of one each.
 */
export function sharedBatch<R>(read: (keys: string[]) => Promise<R>): (keys: readonly string[]) => Promise<R> {
  let running: Promise<R> | undefined;
  let next: { keys: Set<string>; answer: Promise<R> } | undefined;
  const ignore = () => undefined;

  function start(keys: string[]): Promise<R> {
    const current = read(keys);
    running = current;
    const done = () => {
      if (running === current) running = undefined;
    };
    current.then(done, done);
    return current;
  }

  return (keys) => {
    if (!running) return start([...keys]);
    if (!next) {
      const waiting = new Set<string>();
      const answer = running.then(ignore, ignore).then(() => {
        next = undefined;
        return start([...waiting]);
      });
      next = { keys: waiting, answer };
    }
    for (const key of keys) next.keys.add(key);
    return next.answer;
  };
}
