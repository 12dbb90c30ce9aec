// The order of an item's photos (the first is the cover): moving one a place left or right.

/** The list with the photo of this key moved `by` places (-1 left, 1 right); unchanged at an end. */
export function movePhoto<P extends { key: number }>(list: readonly P[], key: number, by: -1 | 1): P[] {
  const from = list.findIndex((p) => p.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** The list with the photo of this key taken out and put at index `to` (dragging); unchanged for an unknown key. */
export function movePhotoTo<P extends { key: number }>(list: readonly P[], key: number, to: number): P[] {
  const from = list.findIndex((p) => p.key === key);
  if (from < 0) return [...list];
  const next = list.filter((p) => p.key !== key);
  next.splice(Math.min(Math.max(to, 0), next.length), 0, list[from]!);
  return next;
}
