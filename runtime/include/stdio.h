/* stdio.h - output-only standard I/O: stdout (line buffered) and stderr (unbuffered).
 *
 * There is no stdin stream and no file opening: programs read input with read(2). The printf
 * family supports %d %i %u %x %X %o %c %s %p %n %% with the flags - 0 + space #, width and
 * precision (also as *), and the length modifiers hh h l ll j z t. No floating point. */
#ifndef _STDIO_H
#define _STDIO_H

#include <stdarg.h>
#include <stddef.h>

#define EOF (-1)
#define BUFSIZ 1024

typedef struct _IO_FILE FILE;

extern FILE* const stdout;
extern FILE* const stderr;
/* As in musl: lets code test `#ifdef stdout`. */
#define stdout (stdout)
#define stderr (stderr)

#define __printf_like(f, a) __attribute__((__format__(__printf__, f, a)))

int printf(const char* __restrict fmt, ...) __printf_like(1, 2);
int fprintf(FILE* __restrict f, const char* __restrict fmt, ...) __printf_like(2, 3);
int sprintf(char* __restrict s, const char* __restrict fmt, ...) __printf_like(2, 3);
int snprintf(char* __restrict s, size_t n, const char* __restrict fmt, ...) __printf_like(3, 4);
int vprintf(const char* __restrict fmt, va_list ap) __printf_like(1, 0);
int vfprintf(FILE* __restrict f, const char* __restrict fmt, va_list ap) __printf_like(2, 0);
int vsprintf(char* __restrict s, const char* __restrict fmt, va_list ap) __printf_like(2, 0);
int vsnprintf(char* __restrict s, size_t n, const char* __restrict fmt, va_list ap)
    __printf_like(3, 0);

int fputc(int c, FILE* f);
int putc(int c, FILE* f);
int putchar(int c);
int fputs(const char* __restrict s, FILE* __restrict f);
int puts(const char* s);
size_t fwrite(const void* __restrict p, size_t size, size_t nmemb, FILE* __restrict f);
int fflush(FILE* f); /* NULL flushes every stream */
int ferror(FILE* f);

#endif /* _STDIO_H */
