import type { NodeId } from './model';

/**
 * The lazy loads of node children: at most one load per node at a time
 * (clicks while it runs start nothing), and a failed load is reported to
 * `onError` and answers nothing, so the node stays closed and can be tried again.
 */
export class ChildLoader {
  private readonly running = new Set<NodeId>();

  constructor(private readonly onError: (error: unknown) => void) {}

  /** The children `fetch` found, or undefined when a load of the node was already running or failed. */
  async load<C>(id: NodeId, fetch: () => Promise<C>): Promise<C | undefined> {
    if (this.running.has(id)) return undefined;
    this.running.add(id);
    try {
      return await fetch();
    } catch (error) {
      this.onError(error);
      return undefined;
    } finally {
      this.running.delete(id);
    }
  }
}
