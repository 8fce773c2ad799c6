/**
 * `make` called once per key and its answer kept: for schemas and formats that cost far more to
 * build than to use, asked for again and again with a few keys (currencies, exponents, locales).
 */
export function memoByKey<K, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    if (made.has(key)) return made.get(key) as V;
    const value = make(key);
    made.set(key, value);
    return value;
  };
}
