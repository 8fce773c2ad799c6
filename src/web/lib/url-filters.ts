/**
 * `params` with a list's filters changed: a filter back at its default leaves the address, other
 * parameters stay. `names` gives a filter's parameter when it differs from the filter's own name.
 */
export function writeFilterParams<F extends { [K in keyof F]: string }>(
  params: URLSearchParams,
  changes: Partial<F>,
  defaults: F,
  names: Partial<Record<keyof F, string>> = {},
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of Object.keys(changes) as (keyof F & string)[]) {
    const value = changes[key];
    if (value === undefined) continue;
    const name = names[key] ?? key;
    if (value === defaults[key]) next.delete(name);
    else next.set(name, value);
  }
  return next;
}
