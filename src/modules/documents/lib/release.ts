/**
 * Gives the memory of bytes nothing will read again back now, instead of at the next garbage collection.
 *
 * An upload turns every request's body into new buffers twice over: the chunks Bun reads from the socket, and
 * the sealed segments. Each is dropped as soon as it is sealed or written, but its memory is only returned when
 * the collector next runs, and on a server whose heap is large that is late: a 1 GB upload grew the server by
 * 70 MB and more, most of it buffers already dropped (ADR 212). Detaching a buffer (`transfer(0)`) frees its
 * memory at once, with no collection.
 *
 * Only a view that covers a whole buffer is released: a slice of a larger one (a subarray, a pooled Buffer) is
 * left to the collector, as the rest may still be read. The caller must own the bytes: nothing else may hold
 * them, since every view of a released buffer reads as empty. Even an 11-byte Buffer has a buffer of its own in
 * Bun (no pool), so a header still sealed with must never be released.
 */
export function release(bytes: Uint8Array) {
  const { buffer } = bytes;
  if (!(buffer instanceof ArrayBuffer) || buffer.detached) return;
  if (bytes.byteOffset !== 0 || bytes.byteLength !== buffer.byteLength) return;
  buffer.transfer(0);
}
