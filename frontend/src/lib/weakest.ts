// The weakest of a row of scores, which the skill radars mark and name.

/** The index of the lowest value (the first of equals), or null when there is none. */
export function weakestIndex(values: readonly (number | null)[]): number | null {
  let weakest: number | null = null;
  values.forEach((value, index) => {
    if (value === null) return;
    const lowest = weakest === null ? null : values[weakest];
    if (lowest === null || lowest === undefined || value < lowest) weakest = index;
  });
  return weakest;
}
