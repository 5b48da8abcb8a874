/* log.c - the fuzzer's call log. Every call goes into a small ring per context (the last LOGLINES,
 * printed when the context sees something wrong) and, in trace mode, to stderr before it is made,
 * so a run that ends in a kernel panic or a hang still shows the call that did it. A line reads
 *     w1 #17 read(fd 3, buf 0x7fef0ffe, size 4096) = -1 errno 14
 * and the same seed gives the same lines (the simulator is deterministic). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sysfuzz.h"

static char* line_of(struct fz* f) { return f->log[f->ncalls % LOGLINES]; }

/* Written with one write(2), so that lines of concurrent contexts do not interleave. */
static void emit(const char* s) { write(2, s, strlen(s)); }

void log_call(struct fz* f, const struct sysfuzz_call* c, const uint32_t* a) {
  char* l = line_of(f);
  int n = snprintf(l, LOGLINE, "%s #%lu %s(", f->who, (unsigned long)f->ncalls, c->name);
  for (int i = 0; i < c->nargs && n < LOGLINE; i++)
    n += snprintf(l + n, LOGLINE - n, "%s%s 0x%lx", i ? ", " : "", sysfuzz_type_names[c->arg[i]],
                  (unsigned long)a[i]);
  if (n < LOGLINE) snprintf(l + n, LOGLINE - n, ")");
  if (f->trace) {
    char out[LOGLINE + 2];
    snprintf(out, sizeof out, "%s\n", l);
    emit(out);
  }
}

void log_result(struct fz* f, long r) {
  char* l = line_of(f);
  size_t n = strlen(l);
  if (r == -1)
    snprintf(l + n, LOGLINE - n, " = -1 errno %d", errno);
  else
    snprintf(l + n, LOGLINE - n, " = 0x%lx", (unsigned long)r);
  if (f->trace) {
    char out[LOGLINE + 2];
    snprintf(out, sizeof out, "%s -> %s\n", f->who, l + n + 3);
    emit(out);
  }
  f->ncalls++;
}

/* Something that is not a system call: a thread instruction, a child's end. */
void log_event(struct fz* f, const char* what, long v) {
  snprintf(line_of(f), LOGLINE, "%s #%lu %s 0x%lx", f->who, (unsigned long)f->ncalls, what,
           (unsigned long)v);
  if (f->trace) {
    char out[LOGLINE + 2];
    snprintf(out, sizeof out, "%s\n", line_of(f));
    emit(out);
  }
  f->ncalls++;
}

/* The last calls, oldest first. */
void log_dump(struct fz* f) {
  uint32_t first = f->ncalls > LOGLINES ? f->ncalls - LOGLINES : 0;
  for (uint32_t i = first; i < f->ncalls; i++) {
    char out[LOGLINE + 16];
    snprintf(out, sizeof out, "  %s\n", f->log[i % LOGLINES]);
    emit(out);
  }
}
