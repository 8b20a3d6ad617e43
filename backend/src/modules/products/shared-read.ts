/**
 * One database read shared by the requests that asked for it before it started. A request
 * never joins a read already on its way (a change committed just before the request arrived
 * might not be in it): it waits for the next one, which starts when the current one ends and
 * serves everyone who asked in the meantime. So each answer is at least as fresh as the request,
 * and under load one read serves many requests instead of one each.
 */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const ignore = () => undefined;

  function start(): Promise<T> {
    const current = read();
    running = current;
    const done = () => {
      if (running === current) running = undefined;
    };
    current.then(done, done);
    return current;
  }

  return () => {
    if (!running) return start();
    next ??= running.then(ignore, ignore).then(() => {
      next = undefined;
      return start();
    });
    return next;
  };
}
