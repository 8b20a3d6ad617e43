/** The little of pngjs the browser tests use (it ships no types): reading pixels, writing a tiny image. */
declare module 'pngjs' {
  export class PNG {
    constructor(options?: { width: number; height: number });
    width: number;
    height: number;
    data: Buffer;
    static sync: { read(buffer: Buffer): PNG; write(png: PNG): Buffer };
  }
}
