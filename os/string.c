/* Memory and string helpers. gcc may call memset, memcpy and memmove on its own (struct copies),
 * so they have their standard names and contracts; the kernel builds with
 * -fno-tree-loop-distribute-patterns so these loops do not become calls to themselves. */
#include "defs.h"

/* Fill n bytes at dst with c; words at a time when dst is aligned (pages are). */
void* memset(void* dst, int c, size_t n) {
  uint8_t* d = dst;
  uint32_t w = (uint8_t)c * 0x01010101u;
  while (n > 0 && ((uint32_t)d & 3) != 0) {
    *d++ = (uint8_t)c;
    n--;
  }
  for (; n >= 16; n -= 16, d += 16) {
    ((uint32_t*)d)[0] = w;
    ((uint32_t*)d)[1] = w;
    ((uint32_t*)d)[2] = w;
    ((uint32_t*)d)[3] = w;
  }
  for (; n > 0; n--) *d++ = (uint8_t)c;
  return dst;
}

/* Copy n bytes forward; words at a time when both ends share their alignment. */
static void copyforward(uint8_t* d, const uint8_t* s, size_t n) {
  if ((((uint32_t)d ^ (uint32_t)s) & 3) == 0) {
    while (n > 0 && ((uint32_t)d & 3) != 0) {
      *d++ = *s++;
      n--;
    }
    for (; n >= 16; n -= 16, d += 16, s += 16) {
      uint32_t a = ((const uint32_t*)s)[0], b = ((const uint32_t*)s)[1];
      uint32_t c = ((const uint32_t*)s)[2], e = ((const uint32_t*)s)[3];
      ((uint32_t*)d)[0] = a;
      ((uint32_t*)d)[1] = b;
      ((uint32_t*)d)[2] = c;
      ((uint32_t*)d)[3] = e;
    }
  }
  for (; n > 0; n--) *d++ = *s++;
}

/* Copy n bytes from src to dst; the ranges may not overlap. */
void* memcpy(void* dst, const void* src, size_t n) {
  copyforward(dst, src, n);
  return dst;
}

/* Copy n bytes from src to dst; the ranges may overlap. */
void* memmove(void* dst, const void* src, size_t n) {
  uint8_t* d = dst;
  const uint8_t* s = src;
  if (s < d && d < s + n) {
    while (n-- > 0) d[n] = s[n];
  } else {
    copyforward(d, s, n);
  }
  return dst;
}

/* Compare n bytes: <0, 0 or >0 as a is below, equal to or above b. */
int memcmp(const void* a, const void* b, size_t n) {
  const uint8_t *x = a, *y = b;
  for (; n > 0; n--, x++, y++)
    if (*x != *y) return *x - *y;
  return 0;
}

/* Length of the NUL-terminated string s. */
size_t strlen(const char* s) {
  size_t n = 0;
  while (s[n]) n++;
  return n;
}

/* Length of s, looking at no more than max bytes (max if there is no NUL among them). */
size_t strnlen(const char* s, size_t max) {
  size_t n = 0;
  while (n < max && s[n]) n++;
  return n;
}

/* Copy src into dst[size], truncating and always NUL-terminating (size > 0). */
void safestrcpy(char* dst, const char* src, size_t size) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (size == 0) panic("safestrcpy: zero size");
  size_t n = strnlen(src, size - 1);
  memcpy(dst, src, n);
  dst[n] = 0;
}

/* Compare NUL-terminated strings a and b. */
int strcmp(const char* a, const char* b) {
  while (*a && *a == *b) a++, b++;
  return (uint8_t)*a - (uint8_t)*b;
}
