/* Kernel printf to the console, and panic. Formats: %d %u %x %s %p %c %%, with an optional '0'
 * flag and field width (as in %08x); an 'l' length modifier is accepted and ignored (32-bit). */
#include <stdarg.h>

#include "defs.h"

static const char digits[] = "0123456789abcdef";

/* Print x in the given base, at least width digits wide, padded with pad. */
static void printnum(uint32_t x, uint32_t base, int neg, int width, char pad) {
  char buf[16];
  int i = 0;
  do {
    buf[i++] = digits[x % base];
    x /= base;
  } while (x != 0);
  if (neg) width--;
  if (neg && pad == '0') consputc('-');
  for (int w = i; w < width; w++) consputc(pad);
  if (neg && pad != '0') consputc('-');
  while (--i >= 0) consputc(buf[i]);
}

/* Print fmt with the arguments in ap. */
static void vprintf(const char* fmt, va_list ap) {
  for (; *fmt; fmt++) {
    if (*fmt != '%') {
      consputc(*fmt);
      continue;
    }
    char pad = ' ';
    int width = 0;
    if (*++fmt == '0') pad = *fmt++;
    while (*fmt >= '0' && *fmt <= '9') width = width * 10 + (*fmt++ - '0');
    while (*fmt == 'l') fmt++;
    switch (*fmt) {
      case 'd': {
        int32_t v = va_arg(ap, int32_t);
        printnum(v < 0 ? -(uint32_t)v : (uint32_t)v, 10, v < 0, width, pad);
        break;
      }
      case 'u': printnum(va_arg(ap, uint32_t), 10, 0, width, pad); break;
      case 'x': printnum(va_arg(ap, uint32_t), 16, 0, width, pad); break;
      case 'p':
        consolewrite("0x", 2);
        printnum((uint32_t)va_arg(ap, void*), 16, 0, 8, '0');
        break;
      case 'c': consputc(va_arg(ap, int)); break;
      case 's': {
        const char* s = va_arg(ap, const char*);
        if (s == 0) s = "(null)";
        for (int n = (int)strlen(s); n < width; n++) consputc(' ');
        consolewrite(s, strlen(s));
        break;
      }
      case '%': consputc('%'); break;
      case 0: return;
      default:  /* unknown: print it as written */
        consputc('%');
        consputc(*fmt);
        break;
    }
  }
}

/* Print to the console. */
void printf(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
}

/* A kernel invariant broke: say which on one console line and stop the machine as a panic. */
void panic(const char* fmt, ...) {
  va_list ap;
  printf("kasane: panic: ");
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  consputc('\n');
  simctl_panic();
}
