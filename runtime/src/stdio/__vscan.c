/* __vscan.c - the scanf engine behind sscanf, vsscanf, fscanf, vfscanf, scanf and vscanf.
 *
 * C's rules: white space in the format skips any amount of input white space; an ordinary
 * character must match; %[*][width][hh|h|l|ll|j|z|t|L|q]conv converts with d i o u x X p n
 * (integers, strtoull's rules for the base; an out-of-range value is cut to the type), a e f g
 * E F G A (floats, by __floatscan through strtod: hex, inf and nan included), s c and [set]
 * (strings, ] first in the set and ^ for the complement, a-z ranges). Input is read one character
 * at a time with one character of push-back, so a failed match consumes the longest prefix that
 * could have started a valid item (as C says: "1e+x" fails having read "1e+"). The result is the
 * number of items assigned, or EOF if the input ended (or failed) before the first conversion.
 * Each numeric item is gathered into a buffer of up to 127 characters and converted there. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scan_impl.h"

static int get(struct __scan_in* in) {
  int c;
  if (in->f) {
    FILE* f = in->f;
    c = f->rpos != f->rend ? *f->rpos++ : __uflow(f);
  } else {
    c = *in->s ? *in->s++ : EOF;
  }
  if (c != EOF) in->count++;
  return c;
}

static void unget(struct __scan_in* in, int c) {
  if (c == EOF) return;
  in->count--;
  if (!in->f)
    in->s--;
  else if (in->f->rpos > in->f->buf)
    in->f->rpos--; /* the byte just read is still there */
}

static void skip_space(struct __scan_in* in) {
  int c;
  while ((c = get(in)) != EOF && isspace(c)) {
  }
  unget(in, c);
}

enum { L_HH = -2, L_H = -1, L_INT = 0, L_L = 1, L_LL = 2 };

static void store_int(void* dest, int size, unsigned long long v) {
  switch (size) {
    case L_HH: *(unsigned char*)dest = (unsigned char)v; break;
    case L_H: *(unsigned short*)dest = (unsigned short)v; break;
    case L_INT: *(unsigned int*)dest = (unsigned int)v; break;
    case L_L: *(unsigned long*)dest = (unsigned long)v; break;
    case L_LL: *(unsigned long long*)dest = v; break;
  }
}

/* Reads the characters of an integer in base (0: C prefixes) into buf, at most width: their
 * count (0 if none could start a number). */
static int lex_int(struct __scan_in* in, char* buf, int width, int base) {
  int n = 0, c = get(in);
  if ((c == '+' || c == '-') && n < width) {
    buf[n++] = (char)c;
    c = get(in);
  }
  if ((base == 0 || base == 16) && c == '0' && n < width) {
    buf[n++] = (char)c;
    c = get(in);
    if ((c == 'x' || c == 'X') && n < width) {
      buf[n++] = (char)c;
      c = get(in);
      base = 16;
    } else if (base == 0) {
      base = 8;
    }
  }
  if (base == 0) base = 10;
  for (; n < width && n < SCAN_BUF - 1 && c != EOF; c = get(in)) {
    int d = isdigit(c) ? c - '0' : isalpha(c) ? (tolower(c) - 'a' + 10) : 99;
    if (d >= base) break;
    buf[n++] = (char)c;
  }
  unget(in, c);
  buf[n] = 0;
  return n;
}

/* Appends c to buf if there is room and width allows; 1 if it did. */
static int take(char* buf, int* n, int width, int c) {
  if (*n >= width || *n >= SCAN_BUF - 1) return 0;
  buf[(*n)++] = (char)c;
  return 1;
}

/* Reads the characters of a floating-point number (decimal, hex, inf, infinity, nan, nan(...))
 * into buf, at most width: their count. */
static int lex_float(struct __scan_in* in, char* buf, int width) {
  int n = 0, c = get(in), digits = 0, hex = 0;
  if ((c == '+' || c == '-') && take(buf, &n, width, c)) c = get(in);
  if (c == 'i' || c == 'I' || c == 'n' || c == 'N') {
    const char* word = tolower(c) == 'i' ? "infinity" : "nan";
    for (int i = 0; word[i] && c != EOF && tolower(c) == word[i]; i++, c = get(in))
      if (!take(buf, &n, width, c)) break;
    if (word[0] == 'n' && c == '(' && take(buf, &n, width, c)) {
      for (c = get(in); c != EOF && (isalnum(c) || c == '_'); c = get(in))
        if (!take(buf, &n, width, c)) break;
      if (c == ')' && take(buf, &n, width, c)) c = get(in);
    }
    unget(in, c);
    buf[n] = 0;
    return n;
  }
  if (c == '0' && take(buf, &n, width, c)) {
    digits = 1;
    c = get(in);
    if ((c == 'x' || c == 'X') && take(buf, &n, width, c)) {
      hex = 1;
      c = get(in);
    }
  }
  for (; c != EOF && (hex ? isxdigit(c) : isdigit(c)); c = get(in), digits = 1)
    if (!take(buf, &n, width, c)) break;
  if (c == '.' && take(buf, &n, width, c))
    for (c = get(in); c != EOF && (hex ? isxdigit(c) : isdigit(c)); c = get(in), digits = 1)
      if (!take(buf, &n, width, c)) break;
  if (digits && (hex ? (c == 'p' || c == 'P') : (c == 'e' || c == 'E')) &&
      take(buf, &n, width, c)) {
    c = get(in);
    if ((c == '+' || c == '-') && take(buf, &n, width, c)) c = get(in);
    for (; c != EOF && isdigit(c); c = get(in))
      if (!take(buf, &n, width, c)) break;
  }
  unget(in, c);
  buf[n] = 0;
  return n;
}

/* The set of a %[ conversion starting at *fmt (just past the '['): set[c] is 1 for the bytes it
 * matches; *fmt is left past the closing ']'. */
static void parse_set(const unsigned char** fmt, unsigned char set[256]) {
  const unsigned char* p = *fmt;
  int invert = *p == '^';
  if (invert) p++;
  memset(set, 0, 256);
  if (*p == ']') set[*p++] = 1;
  for (; *p && *p != ']'; p++) {
    if (*p == '-' && p[-1] != '[' && p[1] && p[1] != ']' && p[-1] <= p[1]) {
      for (int c = p[-1]; c <= p[1]; c++) set[c] = 1;
      p++;
    } else {
      set[*p] = 1;
    }
  }
  if (*p) p++;
  if (invert)
    for (int c = 0; c < 256; c++) set[c] = !set[c];
  *fmt = p;
}

int __vscan(struct __scan_in* in, const char* format, va_list ap) {
  const unsigned char* fmt = (const unsigned char*)format;
  int assigned = 0, converted = 0;
  char buf[SCAN_BUF];
  for (; *fmt; fmt++) {
    if (isspace(*fmt)) {
      skip_space(in);
      continue;
    }
    if (*fmt != '%' || fmt[1] == '%') {
      if (*fmt == '%') {
        fmt++;
        skip_space(in);
      }
      int c = get(in);
      if (c != *fmt) {
        unget(in, c);
        if (c == EOF && !converted) return EOF;
        return assigned;
      }
      continue;
    }
    fmt++;
    int suppress = 0, width = 0, size = L_INT;
    if (*fmt == '*') {
      suppress = 1;
      fmt++;
    }
    while (isdigit(*fmt)) width = width * 10 + (*fmt++ - '0');
    switch (*fmt) {
      case 'h': size = fmt[1] == 'h' ? (fmt++, L_HH) : L_H; fmt++; break;
      case 'l': size = fmt[1] == 'l' ? (fmt++, L_LL) : L_L; fmt++; break;
      case 'L': case 'q': case 'j': size = L_LL; fmt++; break;
      case 'z': case 't': size = L_L; fmt++; break;
    }
    int conv = *fmt;
    if (!conv) break;
    void* dest = suppress || conv == '%' ? NULL : va_arg(ap, void*);
    if (conv == 'n') {
      if (dest) store_int(dest, size, (unsigned long long)in->count);
      continue;
    }
    if (conv != 'c' && conv != '[') skip_space(in);
    if (!width) width = conv == 'c' ? 1 : INT_MAX;
    int base = -1, c;
    switch (conv) {
      case 'd': case 'u': base = 10; break;
      case 'i': base = 0; break;
      case 'o': base = 8; break;
      case 'x': case 'X': case 'p': base = 16; break;
    }
    if (base >= 0) {
      if (!lex_int(in, buf, width, base)) goto fail;
      char* end;
      unsigned long long v = conv == 'd' || conv == 'i'
                                 ? (unsigned long long)strtoll(buf, &end, base)
                                 : strtoull(buf, &end, base);
      if (*end || end == buf) goto fail; /* "0x" or a lone sign */
      if (dest) store_int(dest, conv == 'p' ? L_L : size, v);
    } else if (strchr("aAeEfFgG", conv)) {
      if (!lex_float(in, buf, width)) goto fail;
      char* end;
      double v = strtod(buf, &end);
      if (*end || end == buf) goto fail;
      if (dest) {
        if (size == L_INT)
          *(float*)dest = (float)v;
        else
          *(double*)dest = v; /* l and L: long double is double */
      }
    } else if (conv == 's' || conv == 'c' || conv == '[') {
      unsigned char set[256];
      if (conv == '[') {
        fmt++;
        parse_set(&fmt, set);
        fmt--; /* the loop's fmt++ steps past the ']' */
      }
      char* d = dest;
      int n = 0;
      for (; n < width && (c = get(in)) != EOF; n++) {
        if ((conv == 's' && isspace(c)) || (conv == '[' && !set[c])) {
          unget(in, c);
          break;
        }
        if (d) *d++ = (char)c;
      }
      if (n == 0 || (conv == 'c' && n < width)) goto fail;
      if (d && conv != 'c') *d = 0;
    } else {
      goto fail; /* not a conversion */
    }
    converted++;
    if (dest) assigned++;
    continue;
  fail:
    if (!converted && (in->f ? (in->f->flags & F_EOF) != 0 : *in->s == 0) && !assigned)
      return EOF;
    return assigned;
  }
  return assigned;
}
