/* __vformat - the printf engine behind every printf-family function.
 *
 * Output goes through a sink so streams (vfprintf) and strings (vsnprintf) share this code.
 * Floating point (%a %e %f %g, upper case too) is __fmt_fp's; long double is double on o32, so
 * %Lf takes a double like %f. An unknown conversion is copied to the output as written, which makes the mistake visible.
 * %p prints "(nil)" for NULL and %s prints "(null)", as glibc does, so output matches the
 * host's habits. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "stdio_impl.h"

enum { F_LEFT = __F_LEFT, F_ZERO = __F_ZERO, F_PLUS = __F_PLUS, F_SPACE = __F_SPACE,
       F_ALT = __F_ALT };
enum { L_NONE, L_HH, L_H, L_L, L_LL, L_SIZE }; /* j is L_LL; z and t are L_SIZE */

struct out {
  struct __fmt_sink* sink;
  size_t total;
};

static void emit(struct out* o, const char* s, size_t n) {
  if (!n) return;
  o->sink->write(o->sink, s, n);
  o->total += n;
}

static void pad(struct out* o, char c, int n) {
  char chunk[32];
  if (n <= 0) return;
  memset(chunk, c, sizeof chunk);
  for (; n > (int)sizeof chunk; n -= (int)sizeof chunk) emit(o, chunk, sizeof chunk);
  emit(o, chunk, (size_t)n);
}

/* Digits of v in base 8, 10 or 16, written backwards ending at end. Powers of two shift; base 10
 * stays in 32-bit arithmetic while it can, since 64-bit division is a libgcc call. */
static char* digits(uint64_t v, int base, int upper, char* end) {
  const char* xd = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  char* p = end;
  if (base == 16) {
    for (; v; v >>= 4) *--p = xd[v & 15];
  } else if (base == 8) {
    for (; v; v >>= 3) *--p = (char)('0' + (v & 7));
  } else {
    for (; v > UINT32_MAX; v /= 10) *--p = (char)('0' + v % 10);
    for (uint32_t w = (uint32_t)v; w; w /= 10) *--p = (char)('0' + w % 10);
  }
  return p;
}

/* One integer conversion: [pad][prefix][zeros][digits][pad]. */
static void fmt_int(struct out* o, uint64_t v, int neg, int base, int upper, int fl, int width,
                    int prec) {
  char buf[24], *end = buf + sizeof buf;
  char* p = digits(v, base, upper, end);
  char prefix[2];
  int pl = 0;

  if (prec < 0 && p == end) *--p = '0'; /* default precision 1: zero prints as "0" */
  if (base == 8 && (fl & F_ALT) && (p == end || *p != '0') && prec <= end - p) {
    *--p = '0'; /* %#o: the first digit must be 0 */
  }
  if (neg)
    prefix[pl++] = '-';
  else if (fl & F_PLUS)
    prefix[pl++] = '+';
  else if (fl & F_SPACE)
    prefix[pl++] = ' ';
  if (base == 16 && (fl & F_ALT) && v) {
    prefix[pl++] = '0';
    prefix[pl++] = upper ? 'X' : 'x';
  }

  int nd = (int)(end - p);
  int zeros = prec > nd ? prec - nd : 0;
  /* The 0 flag pads with zeros after the prefix, but only without a precision or '-'. */
  if ((fl & F_ZERO) && !(fl & F_LEFT) && prec < 0 && width > pl + nd) zeros = width - pl - nd;
  int len = pl + zeros + nd;

  if (!(fl & F_LEFT)) pad(o, ' ', width - len);
  emit(o, prefix, (size_t)pl);
  pad(o, '0', zeros);
  emit(o, p, (size_t)nd);
  if (fl & F_LEFT) pad(o, ' ', width - len);
}

static void fmt_str(struct out* o, const char* s, int fl, int width, int prec) {
  size_t n = prec >= 0 ? strnlen(s, (size_t)prec) : strlen(s);
  if (!(fl & F_LEFT)) pad(o, ' ', width - (int)n);
  emit(o, s, n);
  if (fl & F_LEFT) pad(o, ' ', width - (int)n);
}

/* Reads a decimal field; stops at INT_MAX instead of overflowing. */
static int number(const char** fmt) {
  int n = 0;
  for (; **fmt >= '0' && **fmt <= '9'; ++*fmt) {
    int d = **fmt - '0';
    n = n > (INT_MAX - d) / 10 ? INT_MAX : n * 10 + d;
  }
  return n;
}

int __vformat(struct __fmt_sink* sink, const char* fmt, va_list ap) {
  struct out o = {sink, 0};

  for (;;) {
    const char* lit = fmt;
    while (*fmt && *fmt != '%') fmt++;
    emit(&o, lit, (size_t)(fmt - lit));
    if (!*fmt) break;
    const char* spec = fmt++;

    int fl = 0;
    for (;; fmt++) {
      if (*fmt == '-') fl |= F_LEFT;
      else if (*fmt == '0') fl |= F_ZERO;
      else if (*fmt == '+') fl |= F_PLUS;
      else if (*fmt == ' ') fl |= F_SPACE;
      else if (*fmt == '#') fl |= F_ALT;
      else break;
    }

    int width = 0;
    if (*fmt == '*') {
      fmt++;
      width = va_arg(ap, int);
      if (width < 0) { /* a negative * width means '-' flag */
        fl |= F_LEFT;
        width = width == INT_MIN ? INT_MAX : -width;
      }
    } else {
      width = number(&fmt);
    }

    int prec = -1;
    if (*fmt == '.') {
      fmt++;
      if (*fmt == '*') {
        fmt++;
        prec = va_arg(ap, int);
        if (prec < 0) prec = -1; /* a negative * precision means none */
      } else {
        prec = number(&fmt);
      }
    }

    int len = L_NONE;
    switch (*fmt) {
      case 'h': len = *++fmt == 'h' ? (fmt++, L_HH) : L_H; break;
      case 'l': len = *++fmt == 'l' ? (fmt++, L_LL) : L_L; break;
      case 'j': fmt++; len = L_LL; break;
      case 'z': case 't': fmt++; len = L_SIZE; break;
      case 'L': fmt++; break; /* long double is double */
    }

    char conv = *fmt;
    if (conv) fmt++;
    uint64_t u;
    switch (conv) {
      case 'd':
      case 'i': {
        int64_t s;
        if (len == L_LL) s = va_arg(ap, long long);
        else if (len == L_L) s = va_arg(ap, long);
        else if (len == L_SIZE) s = va_arg(ap, ptrdiff_t);
        else s = va_arg(ap, int);
        if (len == L_HH) s = (signed char)s;
        else if (len == L_H) s = (short)s;
        /* Negate in unsigned arithmetic so INT64_MIN works. */
        u = s < 0 ? -(uint64_t)s : (uint64_t)s;
        fmt_int(&o, u, s < 0, 10, 0, fl, width, prec);
        break;
      }
      case 'u':
      case 'x':
      case 'X':
      case 'o':
        if (len == L_LL) u = va_arg(ap, unsigned long long);
        else if (len == L_L) u = va_arg(ap, unsigned long);
        else if (len == L_SIZE) u = va_arg(ap, size_t);
        else u = va_arg(ap, unsigned);
        if (len == L_HH) u = (unsigned char)u;
        else if (len == L_H) u = (unsigned short)u;
        fmt_int(&o, u, 0, conv == 'u' ? 10 : conv == 'o' ? 8 : 16, conv == 'X',
                fl & ~(F_PLUS | F_SPACE), width, prec);
        break;
      case 'p': {
        void* ptr = va_arg(ap, void*);
        if (ptr)
          fmt_int(&o, (uintptr_t)ptr, 0, 16, 0, (fl & ~(F_PLUS | F_SPACE)) | F_ALT, width, prec);
        else
          fmt_str(&o, "(nil)", fl, width, -1);
        break;
      }
      case 'c': {
        char c = (char)va_arg(ap, int);
        if (!(fl & F_LEFT)) pad(&o, ' ', width - 1);
        emit(&o, &c, 1);
        if (fl & F_LEFT) pad(&o, ' ', width - 1);
        break;
      }
      case 's': {
        const char* s = va_arg(ap, const char*);
        fmt_str(&o, s ? s : "(null)", fl, width, prec);
        break;
      }
      case 'n': {
        void* p = va_arg(ap, void*);
        if (len == L_HH) *(signed char*)p = (signed char)o.total;
        else if (len == L_H) *(short*)p = (short)o.total;
        else if (len == L_LL) *(long long*)p = (long long)o.total;
        else *(int*)p = (int)o.total;
        break;
      }
      case 'a': case 'A': case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': {
        int n = __fmt_fp(sink, va_arg(ap, double), width, prec, fl, conv);
        o.total += n < 0 ? (size_t)INT_MAX + 1 : (size_t)n;
        break;
      }
      case '%':
        emit(&o, "%", 1);
        break;
      default: /* unknown or truncated specification: show it as written */
        emit(&o, spec, (size_t)(fmt - spec));
        break;
    }
  }

  if (o.total > INT_MAX) {
    errno = EOVERFLOW;
    return -1;
  }
  return (int)o.total;
}
