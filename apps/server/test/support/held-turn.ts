import type { Queryable } from '../../src/db/database';
import { Turns } from '../../src/db/turns';

/**
 * Takes `key` as another process would (a Turns of its own) and holds it until `release` is
 * called: a stand-in for a task under way elsewhere, so a test can ask for the same key meanwhile
 * without racing two requests to the database.
 */
export async function holdTurn(db: Queryable, key: string): Promise<{ release: () => Promise<void> }> {
  let free = () => {};
  const freed = new Promise<void>((resolve) => (free = resolve));
  let taken = () => {};
  const holding = new Promise<void>((resolve) => (taken = resolve));
  const task = new Turns(db).run(key, async () => {
    taken();
    await freed;
  });
  await holding;
  return {
    release: async () => {
      free();
      await task;
    },
  };
}
