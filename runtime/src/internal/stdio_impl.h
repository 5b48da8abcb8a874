/* runtime/src/internal/stdio_impl.h - the FILE structure and the helpers stdio is built from.
 *
 * As in musl, a stream is a descriptor, a buffer and two windows on it. In read mode [rpos, rend)
 * holds bytes read from the kernel and not yet consumed; in write mode [wbase, wpos) holds bytes
 * waiting to be written and wend is the end of the room. The other window is null, so the fast
 * paths of getc and putc are one compare each, and the first call in the other direction goes
 * through __toread/__towrite, which switch. wend != 0 is what "in write mode" means; an
 * unbuffered stream (size 0) points buf at its own one-byte `ch` so that wend = buf + 0 is not
 * null either.
 *
 * F_LBF makes every newline flush the buffer: stdout is line buffered so that a program that
 * faults or hangs in the simulator has still shown everything up to its last complete line.
 *
 * Locking: every public function takes f->lock (lock.h) for its whole duration, so one printf
 * or fwrite is one unit with respect to other threads; the helpers below expect it held. The
 * list of opened streams (for fflush(NULL) and exit) has its own lock, taken before a stream's. */
#ifndef KASANE_INTERNAL_STDIO_IMPL_H
#define KASANE_INTERNAL_STDIO_IMPL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include "lock.h"

#define F_ERR 1u   /* an I/O error happened: ferror() */
#define F_LBF 2u   /* flush after every newline */
#define F_EOF 4u   /* a read found the end of the file: feof(); sticky until cleared */
#define F_NORD 8u  /* opened without read access */
#define F_NOWR 16u /* opened without write access */
#define F_APP 32u  /* opened for appending: the kernel writes at the end of the file */
#define F_PERM 64u /* stdin, stdout, stderr: fclose does not free it */

struct _IO_FILE {
  int fd;
  unsigned flags;
  unsigned char *rpos, *rend;         /* read mode: unread bytes */
  unsigned char *wbase, *wpos, *wend; /* write mode: pending bytes, and the room's end */
  unsigned char* buf;
  size_t size;        /* capacity of buf; 0 for an unbuffered stream */
  unsigned char ch;   /* buf of an unbuffered stream */
  volatile int lock;  /* see lock.h */
  FILE *prev, *next;  /* the list of streams fopen/fdopen made (__ofl_add) */
};

#define FLOCK(f) __lock(&(f)->lock)
#define FUNLOCK(f) __unlock(&(f)->lock)

/* Writes all n bytes to the descriptor, retrying short writes. 0, or -1 with F_ERR set. */
int __stdio_write(FILE* f, const unsigned char* s, size_t n);
/* Writes out [wbase, wpos) (write mode) and empties it. 0, or EOF on error (the buffered bytes
 * are dropped either way). Does nothing in read mode. */
int __stdio_flush(FILE* f);
/* Enters write mode: 0, or EOF (errno EBADF, F_ERR) if f was not opened for writing. Unread
 * buffered input is given back to the kernel by moving the file offset back over it. */
int __towrite(FILE* f);
/* Enters read mode, writing out pending output first: 0, or EOF if f was not opened for reading
 * (errno EBADF, F_ERR) or the output could not be written. */
int __toread(FILE* f);
/* In read mode with nothing buffered: one read() that delivers up to n bytes to dst (straight
 * into dst when n is at least the buffer's size, else through the buffer, keeping the rest).
 * The count delivered, or 0 with F_EOF or F_ERR set. */
size_t __stdio_read(FILE* f, unsigned char* dst, size_t n);
/* getc's slow path: switches to read mode if needed, refills. The byte, or EOF. */
int __uflow(FILE* f);
/* Buffers or writes n bytes (in write mode); returns how many were accepted (n unless an error
 * occurred). */
size_t __fwritex(const unsigned char* s, size_t n, FILE* f);
/* Gives unread buffered input back to the kernel (lseek back over it) and leaves read mode. */
void __stdio_unread(FILE* f);

/* The list of streams opened with fopen/fdopen, which fflush(NULL) and exit() visit. */
void __ofl_add(FILE* f);
void __ofl_remove(FILE* f);
/* Flushes every stream (output written, unread input given back); used by fflush(NULL) and,
 * through __stdio_exit, by exit(). EOF if any failed. */
int __stdio_flush_all(void);
/* Called by exit(): __stdio_flush_all. Weak no-op in exit.c unless stdio was linked in. */
void __stdio_exit(void);
/* The standard streams, weak in __stdio_exit.c: non-null only if the program uses them, so
 * flushing everything does not drag unused streams into the image. */
extern FILE* const __stdin_used;
extern FILE* const __stdout_used;

/* The printf engine writes through a sink so streams and strings share one formatter. */
struct __fmt_sink {
  void (*write)(struct __fmt_sink* sink, const char* s, size_t n);
};
/* Returns the number of characters produced, or -1 if that exceeds INT_MAX (errno EOVERFLOW). */
int __vformat(struct __fmt_sink* sink, const char* fmt, va_list ap);

/* printf's flags, as __vformat parses them and __fmt_fp takes them. */
enum { __F_LEFT = 1, __F_ZERO = 2, __F_PLUS = 4, __F_SPACE = 8, __F_ALT = 16 };
/* One floating-point conversion (t is one of "aAeEfFgG") of y with width w, precision p (-1:
 * none) and flags fl. Returns the number of characters written, -1 if that exceeds INT_MAX. */
int __fmt_fp(struct __fmt_sink* sink, double y, int w, int p, int fl, int t);

#endif /* KASANE_INTERNAL_STDIO_IMPL_H */
