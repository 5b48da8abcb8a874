/* __ofl_add, __ofl_remove, __stdio_flush_all, __stdio_exit - the list of open streams, and the
 * flush that fflush(NULL) and exit() make over all of them.
 *
 * The streams fopen/fdopen make are kept in a doubly linked list under ofl_lock. The standard
 * streams are not in it: they are reached through __stdin_used & co, weak here and defined by
 * stdin.c, stdout.c and stderr.c, so a program that never touches stdin does not link it.
 * Lock order: ofl_lock, then a stream's lock (fclose unlinks before it locks the stream). */
#include "stdio_impl.h"

extern FILE* const __stdin_used __attribute__((__weak__));
extern FILE* const __stdout_used __attribute__((__weak__));
extern FILE* const __stderr_used __attribute__((__weak__));

static volatile int ofl_lock;
static FILE* ofl_head;

void __ofl_add(FILE* f) {
  __lock(&ofl_lock);
  f->prev = 0;
  f->next = ofl_head;
  if (ofl_head) ofl_head->prev = f;
  ofl_head = f;
  __unlock(&ofl_lock);
}

void __ofl_remove(FILE* f) {
  __lock(&ofl_lock);
  if (f->prev)
    f->prev->next = f->next;
  else
    ofl_head = f->next;
  if (f->next) f->next->prev = f->prev;
  __unlock(&ofl_lock);
}

/* Writes out f's pending output; gives unread input back to the kernel where it can. */
static int flush_one(FILE* f) {
  FLOCK(f);
  int r = __stdio_flush(f);
  if (f->rend) __stdio_unread(f);
  FUNLOCK(f);
  return r;
}

int __stdio_flush_all(void) {
  int r = 0;
  if (&__stdin_used) r |= flush_one(__stdin_used);
  if (&__stdout_used) r |= flush_one(__stdout_used);
  if (&__stderr_used) r |= flush_one(__stderr_used);
  __lock(&ofl_lock);
  for (FILE* f = ofl_head; f; f = f->next) r |= flush_one(f);
  __unlock(&ofl_lock);
  return r ? EOF : 0;
}

/* Replaces exit()'s weak no-op. */
void __stdio_exit(void) { __stdio_flush_all(); }
