const LT = 0x3c;
const GT = 0x3e;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
/** The last three bytes of a CDATA section and of a comment, as a 24-bit number. */
const CDATA_END = 0x5d5d3e; // ]]>
const COMMENT_END = 0x2d2d3e; // -->

const OPENINGS = { cdata: '<![CDATA[', comment: '<!--' } as const;

type State = 'text' | 'opening' | 'tag' | 'quoted' | 'cdata' | 'comment';

/**
 * Measures, part by part as it is unpacked, the longest token of an XML part: a text, a tag with its attributes,
 * a CDATA section or a comment. exceljs's XML parser builds each of them as one string, however long, so the
 * longest bounds the memory a cell (or a forged tag) takes when the sheet is read.
 */
export class XmlTokenMeter {
  /** Bytes of the longest token ended so far. */
  private longestEnded = 0;
  private state: State = 'text';
  /** Bytes of the token being read. */
  private length = 0;
  private opening = '';
  private quote = 0;
  private lastThree = 0;

  /** The longest token met so far, the one being read included. */
  get longest(): number {
    return Math.max(this.longestEnded, this.length);
  }

  write(bytes: Buffer): void {
    let at = 0;
    while (at < bytes.length) {
      if (this.state === 'text') {
        const lt = bytes.indexOf(LT, at);
        this.length += (lt === -1 ? bytes.length : lt) - at;
        if (lt === -1) return;
        this.end();
        this.begin('opening');
        this.opening = '<';
        at = lt + 1;
      } else if (this.state === 'quoted') {
        const close = bytes.indexOf(this.quote, at);
        this.length += (close === -1 ? bytes.length : close + 1) - at;
        if (close === -1) return;
        this.state = 'tag';
        at = close + 1;
      } else {
        this.step(bytes[at] as number);
        at++;
      }
    }
  }

  private step(byte: number): void {
    this.length++;
    switch (this.state) {
      case 'opening':
        this.opening += String.fromCharCode(byte);
        if (this.opening === OPENINGS.cdata) this.state = 'cdata';
        else if (this.opening === OPENINGS.comment) this.state = 'comment';
        else if (!OPENINGS.cdata.startsWith(this.opening) && !OPENINGS.comment.startsWith(this.opening)) {
          this.state = 'tag';
          this.length--;
          this.step(byte);
        }
        return;
      case 'tag':
        if (byte === QUOTE || byte === APOSTROPHE) {
          this.quote = byte;
          this.state = 'quoted';
        } else if (byte === GT) this.endAndBeginText();
        return;
      case 'cdata':
      case 'comment':
        this.lastThree = ((this.lastThree << 8) | byte) & 0xffffff;
        if (this.lastThree === (this.state === 'cdata' ? CDATA_END : COMMENT_END)) this.endAndBeginText();
        return;
    }
  }

  private endAndBeginText(): void {
    this.end();
    this.begin('text');
  }

  private end(): void {
    this.longestEnded = Math.max(this.longestEnded, this.length);
  }

  private begin(state: State): void {
    this.state = state;
    this.length = state === 'text' ? 0 : 1;
    this.lastThree = 0;
  }
}
