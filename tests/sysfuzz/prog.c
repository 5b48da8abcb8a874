/* prog.c - a program for the fuzzer: the calls scripts/sysfuzz.py's coverage-guided mode chose,
 * mutated and kept, instead of calls drawn from a seed. The file is text, one step a line:
 *     w1 futex_time64 0x1f2e3d4c
 * the worker (0, 1 or 2), a call of the table (<kasane/sysfuzz_calls.h>) or `thread` (a TFORK
 * thread operation, as a random worker makes one in 12 times), and the seed its arguments are
 * drawn from. Lines that do not start with `w` (a `#` comment, the driver's `blocks` line) are
 * not steps. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sysfuzz.h"

#define PROG_BYTES 65536

static int call_named(const char* name, size_t n) {
  if (n == 6 && strncmp(name, "thread", 6) == 0) return -1;
  for (unsigned i = 0; i < SYSFUZZ_NCALLS; i++)
    if (strlen(sysfuzz_calls[i].name) == n && strncmp(sysfuzz_calls[i].name, name, n) == 0 &&
        !(sysfuzz_calls[i].flags & FZ_SKIP))
      return (int)i;
  return -2;
}

/* The steps of worker `index` in file `path`, at most max of them: their number, or -1 after a
 * message on stderr naming the file and line when the file cannot be read or a line is bad. */
int read_program(const char* path, int index, struct step* out, int max) {
  static char text[PROG_BYTES + 1];
  int fd = open(path, O_RDONLY);
  if (fd < 0) {
    fprintf(stderr, "sysfuzz: program %s: cannot open it\n", path);
    return -1;
  }
  int len = 0, got;
  while (len < PROG_BYTES && (got = (int)read(fd, text + len, PROG_BYTES - len)) > 0) len += got;
  close(fd);
  text[len] = 0;
  int n = 0, line = 0;
  for (char* p = text; *p; line++) {
    char* end = strchr(p, '\n');
    if (end) *end = 0;
    if (*p == 'w') {
      char* q;
      long w = strtol(p + 1, &q, 10);
      char* name = q;
      while (*name == ' ') name++;
      size_t nlen = 0;
      while (name[nlen] && name[nlen] != ' ') nlen++;
      int call = call_named(name, nlen);
      uint32_t seed = (uint32_t)strtoul(name + nlen, &q, 0);
      if (q == name + nlen || call == -2 || w < 0 || w >= WORKERS) {
        fprintf(stderr, "sysfuzz: program %s line %d: not 'wN CALL SEED' with N < %d and a "
                        "call of the table: %s\n", path, line + 1, WORKERS, p);
        return -1;
      }
      if (w == index) {
        if (n == max) {
          fprintf(stderr, "sysfuzz: program %s: more than %d steps for w%d\n", path, max, index);
          return -1;
        }
        out[n++] = (struct step){call, seed};
      }
    }
    if (!end) break;
    p = end + 1;
  }
  return n;
}
