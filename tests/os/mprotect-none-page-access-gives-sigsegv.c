/* mprotect-none-page-access-gives-sigsegv - an access that a page's protection forbids is
 * SIGSEGV. Without a handler the process ends with it (a child, this program spawned again: the
 * parent's waitpid sees WTERMSIG SIGSEGV, and the kernel's console line names the fault); a
 * store to a PROT_READ page likewise. With a handler, it runs with si_signo SIGSEGV, si_code
 * SEGV_ACCERR and si_addr the address touched; it makes the page writable again and returns,
 * and the store is retried and lands, as on Linux.
 * Expect: status 0
 * Stderr: TLB miss on store (TLBS) at pc */
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "thread.h"

#define PAGE 4096
#define SEGV_ACCERR 2

static char* volatile page; /* volatile: the stores below stay where they are written */
static volatile int handled, code;
static void* volatile where;

static void on_segv(int sig, siginfo_t* info, void* uc) {
  (void)uc;
  handled = sig;
  code = info->si_code;
  where = info->si_addr;
  mprotect(page, PAGE, PROT_READ | PROT_WRITE);
}

int main(int argc, char** argv) {
  page = mmap(0, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (argc > 1) {
    CHECK_INT(mprotect(page, PAGE, strcmp(argv[1], "none") == 0 ? PROT_NONE : PROT_READ), 0);
    fflush(stdout);
    *(volatile char*)&page[8] = 1; /* ends the child */
    return 3;
  }
  for (int k = 0; k < 2; k++) {
    pid_t child = spawn_self(argv[0], k == 0 ? "none" : "read", 0);
    CHECK(child > 0);
    int status = -1;
    CHECK(waitpid(child, &status, 0) == child);
    CHECK(WIFSIGNALED(status));
    CHECK_INT(WTERMSIG(status), SIGSEGV);
  }

  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_segv;
  sa.sa_flags = SA_SIGINFO;
  CHECK_INT(sigaction(SIGSEGV, &sa, 0), 0);
  page[100] = 1;
  CHECK_INT(mprotect(page, PAGE, PROT_NONE), 0);
  *(volatile char*)&page[100] = 7; /* faults; the handler opens the page; the store is redone */
  CHECK_INT(handled, SIGSEGV);
  CHECK_INT(code, SEGV_ACCERR);
  CHECK(where == page + 100);
  CHECK_INT(page[100], 7);
  return check_done();
}
