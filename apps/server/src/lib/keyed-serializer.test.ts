import { describe, expect, it } from 'vitest';
import { KeyedSerializer } from './keyed-serializer';

const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

describe('KeyedSerializer', () => {
  it('runs one task at a time per key, in order, and keys side by side', async () => {
    const serializer = new KeyedSerializer();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string) => async () => {
      running += 1;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      running -= 1;
      return name;
    };
    const same = await Promise.all([serializer.run('a', task('a1')), serializer.run('a', task('a2')), serializer.run('a', task('a3'))]);
    expect(same).toEqual(['a1', 'a2', 'a3']);
    expect(log).toEqual(['start a1', 'end a1', 'start a2', 'end a2', 'start a3', 'end a3']);
    expect(most).toBe(1);
    most = 0;
    await Promise.all([serializer.run('x', task('x')), serializer.run('y', task('y'))]);
    expect(most).toBe(2);
  });

  it('goes on after a task fails, and forgets idle keys', async () => {
    const serializer = new KeyedSerializer();
    const failed = serializer.run('k', () => Promise.reject(new Error('refused')));
    const next = serializer.run('k', () => Promise.resolve('next'));
    await expect(failed).rejects.toThrow('refused');
    expect(await next).toBe('next');
    await tick();
    expect(serializer.size).toBe(0);
  });
});
