/**
 * Folded name → places: the hash table src/places/geonames.ts builds over GeoNames' names, and
 * the arrays it is made of, which src/places/places_file.ts keeps on disk and restores.
 *
 * @module
 */

/** What a `NameIndex` is made of, as it was built: restoring these gives the same table. */
export interface NameIndexParts {
  /** Slot → 1 + the name's number; 0 for an empty slot. */
  slots: Int32Array<ArrayBuffer>;
  names: string[];
  /** Per name, its hash. */
  hashes: Uint32Array<ArrayBuffer>;
  /** Per name, its first entry. */
  head: Int32Array<ArrayBuffer>;
  /** Per entry, its place. */
  place: Int32Array<ArrayBuffer>;
  /** Per entry, the name's next entry; -1 after the last. */
  next: Int32Array<ArrayBuffer>;
}

/**
 * An open-addressing hash table over flat arrays, each name's places a chain of entries. With a
 * `Map` of arrays instead, the whole load took 0.6 s rather than 0.5 s (an array per name, and the
 * garbage of growing them and the map).
 */
export class NameIndex {
  #slots = new Int32Array(1 << 19);
  #names: string[] = [];
  /** Most probes that meet another name end at its hash, without comparing text. */
  #hashes = new Uint32Array(1 << 16);
  #head = new Int32Array(1 << 16);
  #place = new Int32Array(1 << 16);
  #next = new Int32Array(1 << 16);
  #entries = 0;

  /** The table `parts` were taken from. */
  static fromParts(parts: NameIndexParts): NameIndex {
    const index = new NameIndex();
    index.#slots = parts.slots;
    index.#names = parts.names;
    index.#hashes = parts.hashes;
    index.#head = parts.head;
    index.#place = parts.place;
    index.#next = parts.next;
    index.#entries = parts.place.length;
    return index;
  }

  /** Copies of the arrays, the entries' cut to those used. */
  parts(): NameIndexParts {
    return {
      slots: this.#slots.slice(),
      names: [...this.#names],
      hashes: this.#hashes.slice(0, this.#names.length),
      head: this.#head.slice(0, this.#names.length),
      place: this.#place.slice(0, this.#entries),
      next: this.#next.slice(0, this.#entries),
    };
  }

  /** Names held. */
  get size(): number {
    return this.#names.length;
  }

  add(key: string, place: number): void {
    if (key === "") return;
    if (this.#entries === this.#place.length) {
      this.#place = grown(this.#place, Math.max(16, this.#place.length * 2));
      this.#next = grown(this.#next, Math.max(16, this.#next.length * 2));
    }
    const e = this.#entries++;
    this.#place[e] = place;
    const hash = hashOf(key);
    const slot = this.#slotOf(key, hash);
    const name = this.#slots[slot] - 1;
    if (name >= 0) {
      // After the head: the head stays where the slot points.
      this.#next[e] = this.#next[this.#head[name]];
      this.#next[this.#head[name]] = e;
      return;
    }
    this.#next[e] = -1;
    const n = this.#names.length;
    if (n === this.#head.length) {
      this.#hashes = grown(this.#hashes, Math.max(16, n * 2));
      this.#head = grown(this.#head, Math.max(16, n * 2));
    }
    this.#slots[slot] = n + 1;
    this.#names.push(key);
    this.#hashes[n] = hash;
    this.#head[n] = e;
    if (this.#names.length * 2 > this.#slots.length) this.#rehash();
  }

  /** The places of `key` (a folded name), each once. */
  places(key: string): number[] {
    const found: number[] = [];
    const name = this.#slots[this.#slotOf(key, hashOf(key))] - 1;
    if (name < 0) return found;
    for (let e = this.#head[name]; e >= 0; e = this.#next[e]) {
      if (!found.includes(this.#place[e])) found.push(this.#place[e]);
    }
    return found;
  }

  /** The slot holding `key`, or the empty slot where it would go. */
  #slotOf(key: string, hash: number): number {
    const mask = this.#slots.length - 1;
    let slot = hash & mask;
    for (;;) {
      const name = this.#slots[slot] - 1;
      if (name < 0 || (this.#hashes[name] === hash && this.#names[name] === key)) return slot;
      slot = (slot + 1) & mask;
    }
  }

  #rehash(): void {
    this.#slots = new Int32Array(this.#slots.length * 2);
    for (let name = 0; name < this.#names.length; name++) {
      this.#slots[this.#slotOf(this.#names[name], this.#hashes[name])] = name + 1;
    }
  }
}

function grown<T extends Int32Array<ArrayBuffer> | Uint32Array<ArrayBuffer>>(
  a: T,
  length: number,
): T {
  const bigger = new (a.constructor as new (length: number) => T)(length);
  bigger.set(a);
  return bigger;
}

/** FNV-1a over the UTF-16 code units. */
function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
