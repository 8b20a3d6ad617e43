const path = require('node:path');
const durations = require('./durations.json');

/** A spec not timed yet counts as this many seconds (about the median). */
const UNKNOWN_SECONDS = 15;
const secondsOf = (test) => durations[path.basename(test.path)] ?? UNKNOWN_SECONDS;

/**
 * CI runs the browser tests in shards at once (`--shard=i/n`). Jest's own split gives each shard the
 * same number of specs, chosen by a hash of their paths, so one shard could hold the longest specs
 * and finish minutes after the others. This one deals the specs out longest first, each to the
 * shard with the fewest seconds so far, by the times in durations.json (a fresh clone has no Jest
 * cache to learn them from; refresh the file from a run's --json output when specs change a lot).
 */
class BalancedSequencer {
  /** Longest first: the order the shards are dealt in (and, in one run, as good as any). */
  sort(tests) {
    return [...tests].sort((a, b) => secondsOf(b) - secondsOf(a) || (a.path < b.path ? -1 : 1));
  }

  shard(tests, { shardIndex, shardCount }) {
    const load = Array.from({ length: shardCount }, () => 0);
    const mine = [];
    for (const test of this.sort(tests)) {
      const lightest = load.indexOf(Math.min(...load));
      load[lightest] += secondsOf(test);
      if (lightest === shardIndex - 1) mine.push(test);
    }
    return mine;
  }

  /** Jest's cache of times is not used: durations.json is the record (a fresh clone has none). */
  cacheResults() {}

  allFailedTests(tests) {
    return tests;
  }
}

module.exports = BalancedSequencer;
