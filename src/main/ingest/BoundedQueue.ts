/**
 * A first-in first-out queue between two stages with room for `capacity` items.
 * @remarks {@link push} waits while the queue is full, so a fast producer is held back by a slow
 * consumer instead of buffering without bound (back-pressure); {@link take} waits while it is
 * empty. One producer and one consumer per queue is the intended use, but several of each work.
 */
export class BoundedQueue<T> {
  private readonly items: T[] = []
  private readonly takers: ((item: T) => void)[] = []
  private readonly waitingForRoom: (() => void)[] = []

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`a queue needs room for at least one item, not ${capacity}`)
  }

  /** Items waiting to be taken. */
  get size(): number {
    return this.items.length
  }

  /** Adds an item, waiting first until there is room for it. */
  async push(item: T): Promise<void> {
    while (this.items.length >= this.capacity && this.takers.length === 0)
      await new Promise<void>((resolve) => this.waitingForRoom.push(resolve))
    const taker = this.takers.shift()
    if (taker) taker(item)
    else this.items.push(item)
  }

  /** The oldest item, waiting for one if the queue is empty. */
  take(): Promise<T> {
    if (this.items.length > 0) {
      const item = this.items.shift()!
      this.waitingForRoom.shift()?.()
      return Promise.resolve(item)
    }
    return new Promise<T>((resolve) => this.takers.push(resolve))
  }
}
