// Counts the records of a CSV stream as it arrives, without keeping it: a record ends at a line feed outside quotes
// (RFC 4180: a quoted cell may hold line breaks, and "" inside quotes is a quote, which toggling twice handles).
const QUOTE = 0x22;
const LINE_FEED = 0x0a;

/** A running count of CSV records over the chunks of a byte stream. */
export class CsvRecordCounter {
  private quoted = false;
  private complete = 0;
  private pending = false;

  push(chunk: Uint8Array): void {
    for (const byte of chunk) {
      if (byte === QUOTE) this.quoted = !this.quoted;
      else if (byte === LINE_FEED && !this.quoted) {
        this.complete++;
        this.pending = false;
        continue;
      }
      this.pending = true;
    }
  }

  /** Records so far, a last one without a final line break included. */
  get records(): number {
    return this.complete + (this.pending ? 1 : 0);
  }
}
