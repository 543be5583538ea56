// The words a list of stored values shows with (a select's options, a card's facts).

/**
 * Each value's words: the value with spaces for underscores and a capital first letter
 * ('pets_allowed' is 'Pets allowed'), unless `exceptions` words it otherwise.
 */
export function labelsOf<Value extends string>(values: readonly Value[], exceptions: Partial<Record<Value, string>> = {}): Record<Value, string> {
  const labels = {} as Record<Value, string>;
  for (const value of values) {
    const words = value.replaceAll('_', ' ');
    labels[value] = exceptions[value] ?? words.charAt(0).toUpperCase() + words.slice(1);
  }
  return labels;
}
