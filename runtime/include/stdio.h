/* stdio.h - buffered standard I/O: stdin, stdout, stderr and streams opened on files.
 *
 * stdout is line buffered, stderr unbuffered (one fprintf is still one write of up to 256 bytes),
 * stdin and opened files fully buffered (BUFSIZ). Every stream has a lock, so the output of one
 * call never interleaves with another thread's. exit() flushes every stream. The printf family
 * supports %d %i %u %x %X %o %c %s %p %n %% with the flags - 0 + space #, width and precision
 * (also as *), and the length modifiers hh h l ll j z t. No floating point, no scanf. */
#ifndef _STDIO_H
#define _STDIO_H

#include <stdarg.h>
#include <stddef.h>

#define EOF (-1)
#define BUFSIZ 1024

/* setvbuf's modes */
#define _IOFBF 0 /* fully buffered: written when the buffer is full */
#define _IOLBF 1 /* line buffered: also written at every newline */
#define _IONBF 2 /* unbuffered: every call reaches the kernel before it returns */

/* fseek's whence, as in <unistd.h> */
#ifndef SEEK_SET
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#endif

typedef struct _IO_FILE FILE;

extern FILE* const stdin;
extern FILE* const stdout;
extern FILE* const stderr;
/* As in musl: lets code test `#ifdef stdout`. */
#define stdin (stdin)
#define stdout (stdout)
#define stderr (stderr)

#define __printf_like(f, a) __attribute__((__format__(__printf__, f, a)))

/* Opening and closing. mode is r, w, a, r+, w+ or a+, optionally with b (ignored) and x
 * (with w: fail if the file exists). New files get permissions 0666. */
FILE* fopen(const char* __restrict path, const char* __restrict mode);
FILE* fdopen(int fd, const char* mode);
int fclose(FILE* f); /* flushes, closes the descriptor: 0, or EOF if either failed */
int fileno(FILE* f);
/* Before any I/O on f: mode _IOFBF, _IOLBF or _IONBF; buf (size bytes) replaces the stream's
 * own buffer unless NULL. 0, or nonzero for a bad mode. */
int setvbuf(FILE* __restrict f, char* __restrict buf, int mode, size_t size);
void setbuf(FILE* __restrict f, char* __restrict buf);

/* Formatted output. */
int printf(const char* __restrict fmt, ...) __printf_like(1, 2);
int fprintf(FILE* __restrict f, const char* __restrict fmt, ...) __printf_like(2, 3);
int sprintf(char* __restrict s, const char* __restrict fmt, ...) __printf_like(2, 3);
int snprintf(char* __restrict s, size_t n, const char* __restrict fmt, ...) __printf_like(3, 4);
int vprintf(const char* __restrict fmt, va_list ap) __printf_like(1, 0);
int vfprintf(FILE* __restrict f, const char* __restrict fmt, va_list ap) __printf_like(2, 0);
int vsprintf(char* __restrict s, const char* __restrict fmt, va_list ap) __printf_like(2, 0);
int vsnprintf(char* __restrict s, size_t n, const char* __restrict fmt, va_list ap)
    __printf_like(3, 0);

/* Character and block I/O. */
int fputc(int c, FILE* f);
int putc(int c, FILE* f);
int putchar(int c);
int fputs(const char* __restrict s, FILE* __restrict f);
int puts(const char* s);
size_t fwrite(const void* __restrict p, size_t size, size_t nmemb, FILE* __restrict f);
int fgetc(FILE* f);
int getc(FILE* f);
int getchar(void);
/* Pushes c back so the next read returns it: one character is guaranteed, on a buffered stream
 * only. c, or EOF. */
int ungetc(int c, FILE* f);
char* fgets(char* __restrict s, int n, FILE* __restrict f);
size_t fread(void* __restrict p, size_t size, size_t nmemb, FILE* __restrict f);

/* Position, buffer and status. */
int fflush(FILE* f); /* NULL flushes every stream */
int fseek(FILE* f, long off, int whence);
long ftell(FILE* f);
void rewind(FILE* f);
int feof(FILE* f);
int ferror(FILE* f);
void clearerr(FILE* f);

/* Formatted input (C's rules, float conversions correctly rounded as strtod): the number of
 * items assigned, or EOF if the input ended before the first conversion. */
#define __scanf_like(a, b) __attribute__((__format__(__scanf__, a, b)))
int scanf(const char* __restrict fmt, ...) __scanf_like(1, 2);
int fscanf(FILE* __restrict f, const char* __restrict fmt, ...) __scanf_like(2, 3);
int sscanf(const char* __restrict s, const char* __restrict fmt, ...) __scanf_like(2, 3);
int vscanf(const char* __restrict fmt, va_list ap) __scanf_like(1, 0);
int vfscanf(FILE* __restrict f, const char* __restrict fmt, va_list ap) __scanf_like(2, 0);
int vsscanf(const char* __restrict s, const char* __restrict fmt, va_list ap) __scanf_like(2, 0);

/* Writes "s: strerror(errno)\n" to stderr in one write (only the text if s is NULL or ""). */
void perror(const char* s);

/* Names: 0, or -1 with errno. renameat2's flags: RENAME_NOREPLACE, RENAME_EXCHANGE. */
int rename(const char* old, const char* new);
int renameat(int olddirfd, const char* old, int newdirfd, const char* new);
#define RENAME_NOREPLACE 1
#define RENAME_EXCHANGE 2
int renameat2(int olddirfd, const char* old, int newdirfd, const char* new, unsigned flags);

/* Print into a new malloc'ed string at *s: its length, or -1 (*s undefined) if out of memory. */
int asprintf(char** __restrict s, const char* __restrict fmt, ...) __printf_like(2, 3);
int vasprintf(char** __restrict s, const char* __restrict fmt, va_list ap) __printf_like(2, 0);

/* Run `/bin/sh -c command` with its stdout to read from (mode "r") or its stdin to write to
 * ("w"); "e" adds close-on-exec. pclose waits for it: its wait status, or -1. */
FILE* popen(const char* command, const char* mode);
int pclose(FILE* f);

#endif /* _STDIO_H */
