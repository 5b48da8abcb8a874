/* string.h - memory and string functions. */
#ifndef _STRING_H
#define _STRING_H

#include <stddef.h>

void* memcpy(void* __restrict d, const void* __restrict s, size_t n);
void* memmove(void* d, const void* s, size_t n);
void* memset(void* d, int c, size_t n);
int memcmp(const void* a, const void* b, size_t n);
void* memchr(const void* s, int c, size_t n);

size_t strlen(const char* s);
size_t strnlen(const char* s, size_t n);
int strcmp(const char* a, const char* b);
int strncmp(const char* a, const char* b, size_t n);
char* strcpy(char* __restrict d, const char* __restrict s);
char* strncpy(char* __restrict d, const char* __restrict s, size_t n);
char* strcat(char* __restrict d, const char* __restrict s);
char* strncat(char* __restrict d, const char* __restrict s, size_t n);
char* strchr(const char* s, int c);
char* strrchr(const char* s, int c);
char* strstr(const char* haystack, const char* needle);
char* strdup(const char* s);
char* strtok_r(char* __restrict s, const char* __restrict sep, char** __restrict state);

/* The text of error number e (glibc's texts; "Unknown error N" otherwise). strerror_r is
 * POSIX's: 0, ERANGE if len is too small, EINVAL for an unknown number. */
char* strerror(int e);
int strerror_r(int e, char* buf, size_t len);

/* The description of signal sig (glibc's texts, "Real-time signal N", "Unknown signal N"). */
char* strsignal(int sig);

#endif /* _STRING_H */
