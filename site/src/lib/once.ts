/**
 * A value made on its first use and then kept. For an Intl formatter: making
 * one loads its locale's and time zone's data, tens of milliseconds on a
 * slow phone, which a module's top level would spend on every page that
 * imports it, even a page that never formats anything.
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
