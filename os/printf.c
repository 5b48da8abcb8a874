/* Kernel printf to the console, and panic; vformat, the formatting they share with the synthetic
 * files (synth.c). Formats: %d %u %x %s %p %c %%, with an optional '0' or '-' flag and field
 * width (as in %08x, %-8s); an 'l' length modifier is accepted and ignored (32-bit). */
#include <stdarg.h>

#include "defs.h"

static const char digits[] = "0123456789abcdef";

/* The console as vformat's output. */
static void conschar(void* arg, int c) {
  (void)arg;
  consputc(c);
}

/* Print x in the given base, at least width digits wide, padded with pad, through out. */
static void printnum(void (*out)(void*, int), void* arg, uint32_t x, uint32_t base, int neg,
                     int width, char pad) {
  char buf[16];
  int i = 0;
  do {
    buf[i++] = digits[x % base];
    x /= base;
  } while (x != 0);
  if (neg) width--;
  if (neg && pad == '0') out(arg, '-');
  for (int w = i; w < width; w++) out(arg, pad);
  if (neg && pad != '0') out(arg, '-');
  while (--i >= 0) out(arg, buf[i]);
}

/* Format fmt with the arguments in ap, a character at a time to out(arg, c). */
void vformat(void (*out)(void*, int), void* arg, const char* fmt, va_list ap) {
  for (; *fmt; fmt++) {
    if (*fmt != '%') {
      out(arg, *fmt);
      continue;
    }
    char pad = ' ';
    int width = 0, left = 0;
    if (*++fmt == '0') pad = *fmt++;
    if (*fmt == '-') left = 1, fmt++;
    while (*fmt >= '0' && *fmt <= '9') width = width * 10 + (*fmt++ - '0');
    while (*fmt == 'l') fmt++;
    switch (*fmt) {
      case 'd': {
        int32_t v = va_arg(ap, int32_t);
        printnum(out, arg, v < 0 ? -(uint32_t)v : (uint32_t)v, 10, v < 0, width, pad);
        break;
      }
      case 'u': printnum(out, arg, va_arg(ap, uint32_t), 10, 0, width, pad); break;
      case 'x': printnum(out, arg, va_arg(ap, uint32_t), 16, 0, width, pad); break;
      case 'p':
        out(arg, '0');
        out(arg, 'x');
        printnum(out, arg, (uint32_t)va_arg(ap, void*), 16, 0, 8, '0');
        break;
      case 'c': out(arg, va_arg(ap, int)); break;
      case 's': {
        const char* s = va_arg(ap, const char*);
        if (s == 0) s = "(null)";
        int n = (int)strlen(s);
        for (int i = n; !left && i < width; i++) out(arg, ' ');
        while (*s) out(arg, *s++);
        for (int i = n; left && i < width; i++) out(arg, ' ');
        break;
      }
      case '%': out(arg, '%'); break;
      case 0: return;
      default:  /* unknown: print it as written */
        out(arg, '%');
        out(arg, *fmt);
        break;
    }
  }
}

/* Print to the console. */
void printf(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vformat(conschar, 0, fmt, ap);
  va_end(ap);
}

/* A kernel invariant broke: say which on one console line and stop the machine as a panic. */
void panic(const char* fmt, ...) {
  va_list ap;
  printf("kasane: panic: ");
  va_start(ap, fmt);
  vformat(conschar, 0, fmt, ap);
  va_end(ap);
  consputc('\n');
  simctl_panic();
}
