import { afterAll, beforeAll, expect } from 'vitest';
import { runAudit } from '../../src/core/audit';
import { apiClient } from './client';
import { createTestApp, type DatabaseKind, type TestApp, type TestAppOptions } from './test-app';

export interface TestAppFixture {
  /** the started app (usable from the suite's hooks and tests on) */
  app: TestApp;
  /** its API client */
  api: ReturnType<typeof apiClient>;
}

/**
 * The app of a suite: started before its tests (`createTestApp`), closed after them, with the
 * ledger audit checked first when `audit` is set. Call it at the top of the suite, before the
 * suite's own `beforeAll`: `const { app, api } = useTestApp(kind);`. Both are stand-ins that reach
 * the started app, so they can be destructured before it starts.
 */
export function useTestApp(kind: DatabaseKind, options: TestAppOptions & { audit?: boolean } = {}): TestAppFixture {
  let started: TestApp | undefined;
  let client: ReturnType<typeof apiClient> | undefined;
  const { audit, ...appOptions } = options;
  beforeAll(async () => {
    started = await createTestApp(kind, appOptions);
    client = apiClient(started);
  });
  afterAll(async () => {
    if (!started) return;
    if (audit) expect((await runAudit(started.db)).ok).toBe(true);
    await started.close();
  });
  return {
    app: standIn(() => started, 'app'),
    api: standIn(() => client, 'api'),
  };
}

/** An object that forwards every property to what `current` answers, once there is one. */
function standIn<T extends object>(current: () => T | undefined, name: string): T {
  const target = () => {
    const value = current();
    if (!value) throw new Error(`the test ${name} is used before its suite started it`);
    return value;
  };
  return new Proxy({} as T, {
    get(_, property) {
      const value: unknown = Reflect.get(target(), property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target()) : value;
    },
    set(_, property, value) {
      return Reflect.set(target(), property, value);
    },
    has(_, property) {
      return Reflect.has(target(), property);
    },
    ownKeys() {
      return Reflect.ownKeys(target());
    },
    getOwnPropertyDescriptor(_, property) {
      const descriptor = Reflect.getOwnPropertyDescriptor(target(), property);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
