/* mprotect-opens-untouched-pages-without-taking-memory - what glibc does for every thread's stack:
 * map it PROT_NONE, then open all but a guard page with PROT_READ | PROT_WRITE. Opening takes no
 * memory; a page gets its zeroed frame when first touched, with the protection mprotect gave it.
 * Six 64 MiB stacks (384 MiB, more than the machine's RAM) are opened and touched at both ends;
 * an untouched page reads as zero, to a load and to the kernel (sigaction); a page opened read-only
 * reads zero and refuses a store (SIGSEGV, SEGV_ACCERR), one closed again refuses a load; after
 * munmap the range is gone (a new mapping there reads zero again).
 * Expect: status 0 */
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "check.h"

#define PAGE 4096
#define STACK (64u << 20)
#define NSTACKS 6
#define SEGV_ACCERR 2

static volatile int faults, code;
static char* volatile fixme; /* the page the handler opens so that the access can go on */

static void on_segv(int sig, siginfo_t* info, void* uc) {
  (void)sig, (void)uc;
  faults++;
  code = info->si_code;
  mprotect(fixme, PAGE, PROT_READ | PROT_WRITE);
}

int main(void) {
  char* stack[NSTACKS];
  for (int i = 0; i < NSTACKS; i++) {
    stack[i] = mmap(0, STACK, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    CHECK(stack[i] != MAP_FAILED);
    CHECK_INT(mprotect(stack[i] + PAGE, STACK - PAGE, PROT_READ | PROT_WRITE), 0);
  }
  for (int i = 0; i < NSTACKS; i++) {
    volatile char* s = stack[i];
    s[STACK - 1] = (char)(i + 1);  /* the top, where a stack starts */
    s[PAGE] = (char)(i + 11);       /* the bottom, above the guard */
    CHECK_INT(s[STACK / 2], 0);     /* untouched, and reads zero */
  }
  for (int i = 0; i < NSTACKS; i++) {
    CHECK_INT(stack[i][STACK - 1], i + 1);
    CHECK_INT(stack[i][PAGE], i + 11);
  }
  /* The kernel reads an untouched opened page as zeros: a struct sigaction copied in from one is
   * SIG_DFL with no flags. */
  struct sigaction seen;
  CHECK_INT(sigaction(SIGUSR1, (struct sigaction*)(stack[0] + 2 * PAGE), 0), 0);
  CHECK_INT(sigaction(SIGUSR1, 0, &seen), 0);
  CHECK(seen.sa_handler == SIG_DFL);
  CHECK_INT(seen.sa_flags, 0);

  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_segv;
  sa.sa_flags = SA_SIGINFO;
  CHECK_INT(sigaction(SIGSEGV, &sa, 0), 0);
  /* Opened read-only before any touch: reads zero, a store faults. */
  char* ro = stack[1] + 8 * PAGE;
  CHECK_INT(mprotect(ro, PAGE, PROT_READ), 0);
  CHECK_INT(*(volatile char*)ro, 0);
  fixme = ro;
  *(volatile char*)ro = 5;
  CHECK_INT(faults, 1);
  CHECK_INT(code, SEGV_ACCERR);
  CHECK_INT(*(volatile char*)ro, 5);
  /* Opened, then closed again before any touch: a load faults. */
  char* shut = stack[1] + 9 * PAGE;
  CHECK_INT(mprotect(shut, PAGE, PROT_NONE), 0);
  fixme = shut;
  CHECK_INT(*(volatile char*)shut, 0);
  CHECK_INT(faults, 2);
  /* munmap forgets the marks: a new mapping over the same range is plain zeroed memory. */
  CHECK_INT(munmap(stack[NSTACKS - 1], STACK), 0);
  char* again = mmap(0, STACK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  CHECK(again != MAP_FAILED);
  CHECK_INT(again[STACK - 1], 0);
  CHECK_INT(again[STACK / 2], 0);
  again[STACK / 2] = 9;
  CHECK_INT(again[STACK / 2], 9);
  return 0;
}
