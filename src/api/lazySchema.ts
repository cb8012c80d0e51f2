/**
 * A value built on its first use, standing in for it meanwhile: the generated zod schemas (generated/zod.ts) are
 * each wrapped in one, so that a process builds only the schemas it uses. The whole contract built at once cost
 * the server about 10 MB of heap and a tenth of a second at every start, for schemas most processes never touch
 * (the newsroom's, the responses' that only the tests check). Decision 029.
 *
 * The stand-in forwards every operation to the built value: properties and methods (read from the value itself,
 * so its getters see the value), `in`, `instanceof` (zod answers it from the value's traits), keys and
 * descriptors. A zod schema that embeds it (`zod.array(Article)`) reaches the built schema through it.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const value = (): T => {
    built ??= build();
    return built;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(value(), key),
    set: (_, key, given) => Reflect.set(value(), key, given),
    has: (_, key) => Reflect.has(value(), key),
    deleteProperty: (_, key) => Reflect.deleteProperty(value(), key),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(value(), key, descriptor),
    ownKeys: () => Reflect.ownKeys(value()),
    // Reported configurable: a proxy may not report a property non-configurable that its own (empty) target lacks.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(value(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(value()),
  });
}
