/**
 * A Map that holds at most `max` entries: setting a new key when it is full empties it first.
 *
 * Emptying everything is deliberate. It costs nothing per entry (no recency order, no eviction
 * bookkeeping on hot paths such as the token check of every request), and what it holds can be
 * rebuilt: a cache reads an entry again from its source on the next miss. Setting a key already
 * held only replaces its value and never empties the map. Reads and deletes are those of Map.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  readonly max: number;

  constructor(max: number) {
    super();
    if (!Number.isInteger(max) || max < 1)
      throw new RangeError(`BoundedMap max must be a positive integer: ${max}`);
    this.max = max;
  }

  override set(key: K, value: V): this {
    if (this.size >= this.max && !this.has(key)) this.clear();
    return super.set(key, value);
  }
}
