/* stdlib.h - memory allocation, process exit, number conversion, sorting, random numbers. */
#ifndef _STDLIB_H
#define _STDLIB_H

#include <stddef.h>

#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 0x7fffffff

void* malloc(size_t n);
void* calloc(size_t nmemb, size_t size);
void* realloc(void* p, size_t n); /* realloc(p, 0) frees p and returns NULL */
void free(void* p);
/* n bytes at a multiple of align, freed with free(). posix_memalign: 0, EINVAL (align not a
 * power of two multiple of sizeof(void*)) or ENOMEM, errno untouched; aligned_alloc: NULL with
 * errno EINVAL or ENOMEM. (memalign is in <malloc.h>.) */
int posix_memalign(void** res, size_t align, size_t n);
void* aligned_alloc(size_t align, size_t n);

__attribute__((__noreturn__)) void exit(int status);
__attribute__((__noreturn__)) void _Exit(int status);
/* Terminates at once with status 134 (128 + SIGABRT, what a shell shows for an abort): no
 * atexit handlers, no stdio flush, and no signal, which the Kasane kernel need not implement. */
__attribute__((__noreturn__)) void abort(void);
int atexit(void (*fn)(void)); /* up to 32 handlers */
char* getenv(const char* name);
/* Create and open (O_RDWR, mode 0600) a new file named template with its final XXXXXX replaced:
 * the descriptor, or -1 with errno (EINVAL if template does not end in XXXXXX). mkostemp adds
 * flags such as O_APPEND or O_CLOEXEC. */
int mkstemp(char* template);
int mkostemp(char* template, int flags);

int atoi(const char* s);
long atol(const char* s);
long long atoll(const char* s);
long strtol(const char* __restrict s, char** __restrict end, int base);
unsigned long strtoul(const char* __restrict s, char** __restrict end, int base);
long long strtoll(const char* __restrict s, char** __restrict end, int base);
unsigned long long strtoull(const char* __restrict s, char** __restrict end, int base);
double atof(const char* s);
double strtod(const char* __restrict s, char** __restrict end);
float strtof(const char* __restrict s, char** __restrict end);
long double strtold(const char* __restrict s, char** __restrict end);

int abs(int x);
long labs(long x);
long long llabs(long long x);

void qsort(void* base, size_t nmemb, size_t size, int (*cmp)(const void*, const void*));
void* bsearch(const void* key, const void* base, size_t nmemb, size_t size,
              int (*cmp)(const void*, const void*));

/* A 64-bit LCG, the same sequence on every machine; srand(1) is the initial state. */
int rand(void);
void srand(unsigned seed);

/* The environment (environ): setenv adds or, if overwrite, replaces NAME=value; unsetenv
 * removes every NAME. 0, or -1 with errno EINVAL (name empty or with '=') or ENOMEM. */
int setenv(const char* name, const char* value, int overwrite);
int unsetenv(const char* name);
/* Run `/bin/sh -c command` and wait for it: its wait status, -1 if it could not be started, or
 * with command NULL whether a shell is there (nonzero). SIGINT and SIGQUIT are not ignored
 * meanwhile (the runtime has no terminal). */
int system(const char* command);

#endif /* _STDLIB_H */
