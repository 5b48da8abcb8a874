/* signal-notifications-arrive-as-sigio - registered with KASANE_NOTIFY_SIGNAL, the kernel raises
 * its notifications as SIGIO with a signal frame (the conventional baseline that upcalls are
 * measured against): si_code is the event, si_addr the ThMB from the slot of the blocked thread,
 * si_value the argument (the call's number for BLOCKED, its result for UNBLOCKED). A cold read()
 * of the 256 KiB file raises SIGIO/BLOCKED while the reader is inside read(); the handler copies
 * the reader's registers from the frame into its ThMB and returns into a worker that counts.
 * When the read is done, SIGIO/UNBLOCKED interrupts the worker; the handler puts the reader's
 * registers, with the result from si_value in $v0 (and $a3 = 0), into the frame and returns into
 * the reader, whose read() then returns the whole file, right. In signal mode the kernel writes
 * nothing into the ThMB: the frame and si_value carry everything (the five copies of the
 * baseline). The signal count of kasane_notify_stats grows by two.
 * Expect: status 0
 * Files: notify */
#include <fcntl.h>
#include <kasane/kasane_isa.h>
#include <kasane/notify.h>
#include <kasane/sigframe.h>
#include <kasane/syscall_nr.h>
#include <kasane/syscalls.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

#define SIZE 262144 /* big.txt: lines "%07d\n" */

/* The signal frame: <kasane/sigframe.h>, the layout the kernel writes. */

static struct kasane_regs thmb_reader, thmb_worker;
static volatile uint32_t slots[16]; /* the ThMB slot per CPU number: the kernel reads the reader's */
static char worker_stack[4096] __attribute__((aligned(8)));
static volatile uint32_t worker_count;
static volatile struct {
  int count, signo, code;
  uint32_t addr, value;
} seen[4]; /* by si_code */
static char buf[SIZE + 1];

static void worker(void) {
  for (;;) worker_count++;
}

static void save(struct kasane_regs* r, const struct kasane_sigcontext* sc) {
  for (int i = 0; i < 32; i++) r->r[i] = (uint32_t)sc->sc_regs[i];
  r->hi = (uint32_t)sc->sc_mdhi;
  r->lo = (uint32_t)sc->sc_mdlo;
  r->pc = (uint32_t)sc->sc_pc;
}

static void load(struct kasane_sigcontext* sc, const struct kasane_regs* r) {
  for (int i = 1; i < 32; i++) sc->sc_regs[i] = (int32_t)r->r[i];
  sc->sc_mdhi = (int32_t)r->hi;
  sc->sc_mdlo = (int32_t)r->lo;
  sc->sc_pc = (int32_t)r->pc;
}

static void on_sigio(int sig, siginfo_t* info, void* uc) {
  struct kasane_sigcontext* sc = &((struct kasane_ucontext*)uc)->uc_mcontext;
  int code = info->si_code;
  if (code < 1 || code > 3) return;
  seen[code].count++;
  seen[code].signo = sig;
  seen[code].addr = (uint32_t)info->si_addr;
  seen[code].value = (uint32_t)info->si_value.sival_int;
  if (code == KASANE_EV_BLOCKED) { /* copy the reader out of the frame, return into the worker */
    save(&thmb_reader, sc);
    struct kasane_regs w;
    memset(&w, 0, sizeof w);
    w.r[28] = (uint32_t)sc->sc_regs[28]; /* $gp */
    w.r[29] = (uint32_t)(worker_stack + sizeof worker_stack - 16);
    w.r[25] = w.pc = (uint32_t)worker;
    load(sc, &w);
  } else if (code == KASANE_EV_UNBLOCKED) { /* park the worker, return into the reader */
    save(&thmb_worker, sc);
    thmb_reader.r[2] = info->si_value.sival_int;
    thmb_reader.r[7] = 0;
    load(sc, &thmb_reader);
  }
}

/* How many 8-byte lines of p[0..n) are not "%07d\n" of their number. */
static int bad_lines(const char* p, int n) {
  int bad = 0;
  for (int k = 0; k < n / 8; k++) {
    const char* line = p + 8 * k;
    int v = 0, digits = 1;
    for (int d = 0; d < 7; d++) {
      digits &= line[d] >= '0' && line[d] <= '9';
      v = v * 10 + (line[d] - '0');
    }
    bad += !digits || v != k || line[7] != '\n';
  }
  return bad;
}

int main(void) {
  int fd = open("big.txt", O_RDONLY);
  CHECK(fd >= 3);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_sigio;
  sa.sa_flags = SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  CHECK_INT(sigaction(SIGIO, &sa, 0), 0);
  /* The kernel reports a thread as blocked only if its slot names a ThMB, in signal mode too. */
  uint32_t cpu; /* slots are indexed by CPU number (on one core, LTN - 1) */
  __asm__ volatile("rdhwr %0, $0" : "=r"(cpu));
  slots[cpu] = (uint32_t)&thmb_reader;
  struct kasane_notify_reg reg = {0, 0, (uint32_t)slots, KASANE_NOTIFY_SIGNAL, 0, 0};
  struct kasane_notify_stats before, after;
  CHECK_INT(kasane_notify_stats(&before), 0);
  CHECK_INT(kasane_notify_register(&reg), 0);

  int n = read(fd, buf, SIZE + 1);

  CHECK_INT(kasane_notify_register(0), 0);
  CHECK_INT(kasane_notify_stats(&after), 0);
  CHECK_INT(n, SIZE);
  CHECK_INT(bad_lines(buf, SIZE), 0);
  CHECK_INT(seen[KASANE_EV_BLOCKED].count, 1);
  CHECK_INT(seen[KASANE_EV_BLOCKED].signo, SIGIO);
  CHECK(seen[KASANE_EV_BLOCKED].addr == (uint32_t)&thmb_reader);
  CHECK_INT(seen[KASANE_EV_BLOCKED].value, SYS_read);
  CHECK_INT(seen[KASANE_EV_UNBLOCKED].count, 1);
  CHECK_INT(seen[KASANE_EV_UNBLOCKED].signo, SIGIO);
  CHECK(seen[KASANE_EV_UNBLOCKED].addr == (uint32_t)&thmb_reader);
  CHECK_INT(seen[KASANE_EV_UNBLOCKED].value, SIZE);
  CHECK_INT(seen[KASANE_EV_PREEMPTED].count, 0);
  CHECK(worker_count > 0);
  /* The UNBLOCKED frame held the worker: its stack pointer was on the worker's stack. */
  CHECK(thmb_worker.r[29] > (uint32_t)worker_stack &&
        thmb_worker.r[29] <= (uint32_t)(worker_stack + sizeof worker_stack));
  CHECK_INT(after.blocked - before.blocked, 1);
  CHECK_INT(after.unblocked - before.unblocked, 1);
  CHECK_INT(after.signals - before.signals, 2);
  printf("the worker counted to %u between SIGIO/BLOCKED and SIGIO/UNBLOCKED\n", worker_count);
  return check_done();
}
