// Cross-references to a root member that may come later. Member order is not significant (§3.6), and a
// streamed dump may put `components` or `securitySchemes` after millions of tools, so a rule that
// checks a declaration against such a member holds the check until the member arrives, or the
// document ends without it (then the check runs against the member's absence). The whole-file loop and
// the streamed splitter make the same calls, so both give the same findings in the same order.

export class AfterMember<T> {
  private known: T | null = null;
  private waiting: Array<(value: T) => void> = [];

  /**
   * @param key the root member waited for
   * @param make what the checks need of its value (`undefined` when the document has none)
   */
  constructor(
    private readonly key: string,
    private readonly make: (value: unknown) => T,
  ) {}

  /** Call from the visitor's `start`: a reusable visitor serves one document after another. */
  reset(): void {
    this.known = null;
    this.waiting = [];
  }

  /** Pass every root member; only the awaited one releases the held checks. */
  member(key: string, value: unknown): void {
    if (key === this.key) this.release(this.make(value));
  }

  run(work: (value: T) => void): void {
    if (this.known === null) this.waiting.push(work);
    else work(this.known);
  }

  /** The document ended: what still waits runs against the member's absence. */
  finish(): void {
    if (this.known === null) this.release(this.make(undefined));
  }

  private release(value: T): void {
    this.known = value;
    const waiting = this.waiting;
    this.waiting = [];
    for (const work of waiting) work(value);
  }
}
