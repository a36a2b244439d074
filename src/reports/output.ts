// Writing reports to a stream that may stop reading (`merge … | head`): wait for 'drain', but also
// stop waiting when the stream closes or fails (EPIPE), so a gone consumer ends the command instead
// of hanging it. Writes after that are dropped; the caller learns it from `closed`.

export interface StreamOut {
  write(text: string): Promise<void>;
  /** True once the stream errored or closed: the rest of the output is dropped. */
  readonly closed: boolean;
  /** The error that closed the stream, unless it was EPIPE (the reader left: not a failure). */
  readonly error: Error | null;
}

export function streamOut(out: NodeJS.WritableStream): StreamOut {
  let closed = false;
  let failure: Error | null = null;
  const onError = (error: NodeJS.ErrnoException) => {
    closed = true;
    if (error.code !== 'EPIPE') failure = error;
  };
  out.on('error', onError);
  return {
    get closed() {
      return closed;
    },
    get error() {
      return failure;
    },
    write(text) {
      if (closed) return Promise.resolve();
      if (out.write(text)) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          out.off('drain', done);
          out.off('close', onClose);
          out.off('error', done);
          resolve();
        };
        const onClose = () => {
          closed = true;
          done();
        };
        out.on('drain', done);
        out.on('close', onClose);
        out.on('error', done);
      });
    },
  };
}
