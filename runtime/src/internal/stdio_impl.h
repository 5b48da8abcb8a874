/* runtime/src/internal/stdio_impl.h - the FILE structure and the helpers stdio is built from.
 *
 * Output only: a stream is a descriptor plus an optional buffer. size == 0 means unbuffered
 * (every write goes straight to the kernel); F_LBF means the buffer is also flushed after each
 * newline. stdout is line buffered so that a program that faults or hangs in the simulator has
 * still shown everything up to its last complete line; stderr is unbuffered. */
#ifndef KASANE_INTERNAL_STDIO_IMPL_H
#define KASANE_INTERNAL_STDIO_IMPL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#define F_ERR 1u /* a write failed; reported by the next printf/fflush */
#define F_LBF 2u /* flush after every newline */

struct _IO_FILE {
  int fd;
  unsigned flags;
  unsigned char* buf;
  size_t size; /* capacity of buf; 0 for an unbuffered stream */
  size_t pos;  /* bytes waiting in buf */
};

/* Writes all n bytes to the descriptor, retrying short writes. 0, or -1 with F_ERR set. */
int __stdio_write(FILE* f, const unsigned char* s, size_t n);
/* Empties the buffer. 0, or EOF on error (the buffered bytes are dropped either way). */
int __stdio_flush(FILE* f);
/* Buffers or writes n bytes; returns how many were accepted (n unless an error occurred). */
size_t __fwritex(const unsigned char* s, size_t n, FILE* f);
/* Called by exit(): flushes stdout. Weak no-op unless stdio was linked in. */
void __stdio_exit(void);

/* The printf engine writes through a sink so streams and strings share one formatter. */
struct __fmt_sink {
  void (*write)(struct __fmt_sink* sink, const char* s, size_t n);
};
/* Returns the number of characters produced, or -1 if that exceeds INT_MAX (errno EOVERFLOW). */
int __vformat(struct __fmt_sink* sink, const char* fmt, va_list ap);

#endif /* KASANE_INTERNAL_STDIO_IMPL_H */
