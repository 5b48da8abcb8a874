/* fork-shares-pages-copy-on-write - fork (the raw o32 call) shares the parent's pages instead
 * of copying them: a child of a process with 2 MiB of heap costs its page tables, not 2 MiB
 * (sysinfo's free memory); each side's stores then copy only the pages they touch, and neither
 * sees the other's: the child rewrites half the heap (about 1 MiB more in use), the parent, after
 * the child has ended, still reads its own values. A read() into a shared buffer (the kernel's
 * copy to user memory) copies the page too; a page made read-only before the fork and writable
 * again with mprotect in the child is copied at its first store. When the child is gone, free
 * memory is back where it was before the fork (its copies and the counts of shared pages went).
 * Expect: status 0 */
#include <kasane/syscall_nr.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "sysinfo32.h"

#define HEAP (2u << 20)

static unsigned long freeram(void) {
  struct sysinfo32 si;
  CHECK_INT(syscall(SYS_sysinfo, &si, 0, 0, 0, 0, 0), 0);
  return si.freeram;
}

static char page[4096] __attribute__((aligned(4096)));

int main(void) {
  unsigned* heap = malloc(HEAP);
  CHECK(heap != 0);
  for (unsigned i = 0; i < HEAP / 4; i++) heap[i] = i;
  strcpy(page, "before");
  CHECK_INT(mprotect(page, sizeof page, PROT_READ), 0);
  int p[2], go[2];
  CHECK_INT(syscall(SYS_pipe2, (long)p, 0, 0, 0, 0, 0), 0);
  CHECK_INT(syscall(SYS_pipe2, (long)go, 0, 0, 0, 0, 0), 0);
  unsigned long before = freeram();
  long pid = syscall(SYS_fork, 0, 0, 0, 0, 0, 0);
  if (pid == 0) {
    char c;
    read(go[0], &c, 1); /* the parent has measured the fork */
    for (unsigned i = 0; i < HEAP / 8; i++) heap[i] = ~i;
    unsigned long after_writes = freeram();
    int ok = read(p[0], (char*)heap + HEAP - 8, 8) == 8; /* into a shared page */
    ok = ok && mprotect(page, sizeof page, PROT_READ | PROT_WRITE) == 0;
    strcpy(page, "child");
    /* The child's stores took about half the heap: HEAP / 2 and a little more. */
    ok = ok && before - after_writes > HEAP / 2 && before - after_writes < HEAP / 2 + (256u << 10);
    _exit(ok ? 0 : 1);
  }
  CHECK(pid > 0);
  unsigned long forked = freeram();
  CHECK(before - forked < (256u << 10)); /* page tables and kernel stacks: not 2 MiB */
  write(go[1], "g", 1);
  write(p[1], "12345678", 8);
  int st;
  CHECK(waitpid(pid, &st, 0) == pid && WIFEXITED(st));
  CHECK_INT(WEXITSTATUS(st), 0);
  CHECK_INT(freeram(), before);
  int same = 1;
  for (unsigned i = 0; i < HEAP / 4; i++) same &= heap[i] == i;
  CHECK(same);
  CHECK(strcmp(page, "before") == 0);
  free(heap);
  CHECK_INT(mprotect(page, sizeof page, PROT_READ | PROT_WRITE), 0);
  printf("fork took %lu KiB; the parent's 2 MiB kept their values\n", (before - forked) >> 10);
  return check_done();
}
